"""What reports a run: the JSON-lines result stream and its terminal tables (:mod:`.report`),
JUnit XML (:mod:`.junit`), Markdown from the templates of ``templates/`` (:mod:`.markdown`)."""
