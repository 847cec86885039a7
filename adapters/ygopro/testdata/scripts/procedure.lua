-- duelspec test cards on the classic YGOPro core (MIT). The test cards' scripts, constant.lua
-- and utility.lua are shared with the EDOPro adapter (adapters/edopro/testdata/scripts); the
-- classic core loads procedure.lua after them (interpreter.cpp:54-56), and here only the
-- description of a card's i-th string differs: code*16+i, as ygopro-scripts' aux.Stringid
-- (utility.lua:79-81).
function Test.Stringid(code,i) return code*16+i end
-- the classic core's numbers of the two constants the adapters check at start-up
-- (adapters/ygopro/engine_errors.py: field.h:660, effect.h:133); the shared constant.lua has EDOPro's
CHAININFO_TRIGGERING_EFFECT=0x02 EFFECT_COUNT_CODE_OATH=0x10000000
-- KoishiPro's core (purerosefallen/ygopro-core 535020f, ocgapi.cpp:85, 172; libdebug.cpp:44) calls
-- Auxiliary.PreloadUds when a duel starts and indexes the global Auxiliary table, which
-- ygopro-scripts' utility.lua defines; the test cards' scripts give it an empty one (no PreloadUds:
-- the core then does nothing), so the real-duel tests run on that core too
Auxiliary=Auxiliary or {}
