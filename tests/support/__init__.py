"""What the tests and the benchmarks share: brute-force references, the rules auditor, arranged
tables, hand generators, hostile and failing agents, the mutation harness, and the paths of the
checkout (:mod:`tests.support.paths`)."""
