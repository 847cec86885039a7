-- duelspec test cards on the classic YGOPro core (MIT). The test cards' scripts, constant.lua
-- and utility.lua are shared with the EDOPro adapter (adapters/edopro/testdata/scripts); the
-- classic core loads procedure.lua after them (interpreter.cpp:54-56), and here only the
-- description of a card's i-th string differs: code*16+i, as ygopro-scripts' aux.Stringid
-- (utility.lua:79-81).
function Test.Stringid(code,i) return code*16+i end
-- the classic core's numbers of the two constants the adapters check at start-up
-- (adapters/ygopro/engine_errors.py: field.h:660, effect.h:133); the shared constant.lua has EDOPro's
CHAININFO_TRIGGERING_EFFECT=0x02 EFFECT_COUNT_CODE_OATH=0x10000000
