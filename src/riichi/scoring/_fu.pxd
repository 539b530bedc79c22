# The fu of a reading (riichi.scoring._fu): the sum that prices it, and the items a result lists.
from riichi.scoring._kernel cimport Hand, Reading
from riichi.scoring._rules cimport RuleTable

cdef int fu(Hand* d, RuleTable table, Reading* r, bint pinfu) noexcept
cdef list fu_details(Hand* d, RuleTable table, Reading* r, bint pinfu)
