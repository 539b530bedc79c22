"""Type stubs for the compiled scoring kernel, riichi.scoring._kernel (see its module docstring)."""

from collections.abc import Iterable

from riichi.rules import RuleSet
from riichi.scoring.bad_input import IndicatorsInput, MeldInput, TileInput, TilesInput
from riichi.scoring.result import HandResult

ORDINARY: tuple[str, ...]
YAKUMAN: tuple[str, ...]
WAITS: tuple[str, ...]

YAKUMAN_LIMIT_NAMES: tuple[str, ...]
BASIC_PER_YAKUMAN: int
MANGAN_BASIC: int
BASIC_LIMIT: int
MAX_FU: int

class RuleTable:
    renhou: int
    shibari: int
    double_wind_fu: int
    honba_ron: int
    honba_tsumo: int
    stacking: bool
    kazoe_yakuman: bool
    kiriage: bool
    open_pinfu_fu: bool
    rinshan_tsumo_fu: bool
    haitei_on_rinshan: bool
    red_fives: bool
    ura_dora: bool
    kan_ura: bool
    players: int
    winds: int
    tsumo_payment: int
    tsumo_counter: int
    kita: bool
    @property
    def rules(self) -> RuleSet: ...
    def __init__(self, rules: RuleSet | str) -> None: ...
    def ura_count(self, riichi: bool) -> int: ...

def hand_shares(basic: int, *, is_dealer: bool, tsumo: bool) -> tuple[int, int, int]: ...
def hand_value(han: int, fu: int, rules: RuleSet | str = "ema") -> tuple[int, str | None]: ...
def north_half(own: int, north: int) -> int: ...
def tsumo_split(
    basic: int, *, is_dealer: bool, rules: RuleSet | str = "ema"
) -> tuple[int, int]: ...
def table_for(rules: RuleSet | str) -> RuleTable: ...
def score_hand(
    concealed: TilesInput,
    win_tile: TileInput,
    melds: Iterable[MeldInput] = (),
    *,
    tsumo: bool,
    seat_wind: str,
    round_wind: str,
    dora_indicators: IndicatorsInput = (),
    ura_indicators: IndicatorsInput = (),
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    honba: int = 0,
    riichi_sticks: int = 0,
    kita: int = 0,
    rules: RuleSet | str = "ema",
) -> HandResult: ...
