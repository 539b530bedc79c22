"""Type stubs for the compiled scoring kernel, riichi._scoring (see its module docstring)."""

from collections.abc import Iterable, Sequence

from riichi.rules import RuleSet
from riichi.scoring.hand import MeldInput, TileInput, TilesInput, WinningHand
from riichi.scoring.result import HandResult

ORDINARY: tuple[str, ...]
YAKUMAN: tuple[str, ...]
WAITS: tuple[str, ...]

class RuleTable:
    @property
    def rules(self) -> RuleSet: ...
    def __init__(
        self,
        rules: RuleSet,
        han_closed: Sequence[int],
        han_open: Sequence[int],
        yakuman_han: Sequence[int],
        yakuman_names: Sequence[str],
        *,
        renhou: str,
        ryanhan_shibari: int | None,
        double_wind_pair_fu: int,
        honba_ron: int,
        honba_tsumo: int,
        yakuman_stacking: bool,
        kazoe_yakuman: bool,
        kiriage: bool,
        open_pinfu_fu: bool,
        rinshan_tsumo_fu: bool,
        haitei_rinshan_combine: bool,
        red_fives: bool,
        ura_dora: bool,
        kan_ura: bool,
    ) -> None: ...

def table_for(rules: RuleSet | str) -> RuleTable: ...
def score_hand(
    concealed: TilesInput,
    win_tile: TileInput,
    melds: Iterable[MeldInput] = (),
    *,
    tsumo: bool,
    seat_wind: str,
    round_wind: str,
    dora_indicators: TilesInput = (),
    ura_indicators: TilesInput = (),
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
    rules: RuleSet | str = "ema",
) -> HandResult: ...
def score_winning_hand(h: WinningHand) -> HandResult: ...
