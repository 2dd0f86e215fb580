"""The setters' page: ``cpsolve serve`` starts a local web server whose page edits a
grid puzzle and says after every edit whether it is unique (:mod:`cpsolve.serve.app`,
:mod:`cpsolve.serve.work`)."""
