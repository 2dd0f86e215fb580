"""Certificates: "unique", "no solution" and "optimal" with proofs anyone can check.

- :mod:`cpsolve.certify.rules`: the builder a family's certificate encoder writes its
  rule CNF with (``rules.py`` in the family's folder), apart from every solving
  encoding;
- :mod:`cpsolve.certify.cuts`: the rules stated by cuts (one connected area, one
  loop, areas judged by their cells), each cut checked from the board alone;
- :mod:`cpsolve.certify.certificate`: making a certificate (the cuts, a DRAT proof
  from CaDiCaL) and checking one (dratify's engines), the zip file it is kept in;
- :mod:`cpsolve.certify.command`: ``--certify`` and ``cpsolve verify``.

``docs/certificates.md`` says what a certificate holds and why checking it proves its
claim.
"""
