-- duelspec_compat.lua — duelspec EDOPro adapter (MIT). Loaded after constant.lua and
-- utility.lua. The ygopro-core inside ocgcore-wasm 0.1.2 (a30e6b7..693b406, early 2026) predates
-- CHAININFO_TRIGGERING_LINK/_LSCALE/_RSCALE (31-33; ygopro-core 102c3c2, 2026-06-04), but
-- CardScripts since June 2026 (chain.lua, the Duel.RegisterEffect wrapper) asks for them
-- whenever an activated effect registers an effect: the core raises "Passed invalid
-- CHAININFO flag." and the effect is never registered. Real EDOPro ships a core that knows
-- these flags. Here, only when the core rejects them, they are answered with nil (the
-- remaining flags are passed through unchanged).
do
	local core_get_chain_info=Duel.GetChainInfo
	local unsupported=false
	local function filtered(ch,flags)
		local keep,pos={},{}
		for i,f in ipairs(flags) do
			if f<31 then keep[#keep+1]=f; pos[#pos+1]=i end
		end
		local res=table.pack(core_get_chain_info(ch,table.unpack(keep)))
		local out={}
		for j,i in ipairs(pos) do out[i]=res[j] end
		return table.unpack(out,1,#flags)
	end
	function Duel.GetChainInfo(ch,...)
		local flags={...}
		if type(flags[1])=="table" then flags=flags[1] end
		if unsupported then return filtered(ch,flags) end
		local res=table.pack(pcall(core_get_chain_info,ch,table.unpack(flags)))
		if res[1] then return table.unpack(res,2,res.n) end
		if tostring(res[2]):find("invalid CHAININFO",1,true) then
			unsupported=true
			Debug.Message("duelspec compat: this core does not know CHAININFO flags >= 31; they read as nil")
			return filtered(ch,flags)
		end
		error(res[2],0)
	end
end
