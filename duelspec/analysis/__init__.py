"""What analyses an engine's failures: grouped by cause (:mod:`.causes`), each cause's fix
experiment (:mod:`.fixes`) and shortest reproduction in the engine's own tools (:mod:`.repro`),
where every engine fails the same way (:mod:`.consensus`), both Yu-Gi-Oh! engines' causes side by
side (:mod:`.sidebyside`). They read saved result streams; nothing below imports them."""
