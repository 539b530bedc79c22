# The result of a hand's best reading, and the hand in notation (riichi.scoring._results).
from riichi.scoring._kernel cimport Candidate, Hand, Reading
from riichi.scoring._rules cimport RuleTable

cdef object result(Hand* d, object honba, object sticks, RuleTable table, Candidate* best,
                   Reading* r)
cdef str hand_text(Hand* d, tuple melds)
