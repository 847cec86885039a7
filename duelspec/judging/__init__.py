"""What judges a run: a trace against a scenario's expectations (:mod:`.checker`), which of them an
adapter can be judged on (:mod:`.coverage`), which are in force on a date (:mod:`.asof`), a
project's expected failures (:mod:`.expectfail`)."""
