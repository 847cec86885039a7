"""What reports a run: the JSON-lines result stream and its tables (:mod:`.report`), a run on the
terminal (:mod:`.terminal`), a saved stream in a format (:mod:`.formats`), JUnit XML
(:mod:`.junit`), Markdown from the templates of ``templates/`` (:mod:`.markdown`)."""
