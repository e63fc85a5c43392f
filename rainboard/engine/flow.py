"""Turns, rounds and cycles: who plays next, the rain, hibernation, death, waking, the ending."""

from __future__ import annotations

from .state import (
    ASCENDED,
    AWAKE,
    DEAD,
    HIBERNATING,
    OVER,
    PLAYING,
    STARVED,
    Decision,
    DeckState,
)
from .step import Step

SHELTERED = (HIBERNATING, STARVED)


# -- the start of a cycle and of a turn -------------------------------------------------------
def start_cycle(step: Step) -> None:
    """A new cycle: the precycle roll (if played with), the rain timer, the first player."""
    rules = step.rules
    state = step.state
    cycle = state.cycle + 1
    first = state.players[state.order[0]].name
    precycle = False
    step.emit("cycle_started", f"Cycle {cycle} begins.", amount=cycle)
    if state.options.precycles:
        face = step.dice.roll(rules.precycle_die)
        precycle = face == rules.precycle_on
        verdict = "a precycle!" if precycle else "an ordinary cycle."
        step.emit("precycle_roll", f"{first} rolls d{rules.precycle_die} for a precycle: {face}, {verdict}",
                  amount=face)
    faces = [step.dice.roll(rules.rain_sides) for _ in range(rules.rain_dice)]
    timer = sum(faces) + rules.rain_bonus + (rules.precycle_rain_bonus if precycle else 0)
    parts = " + ".join(str(f) for f in faces)
    extra = f" + {rules.rain_bonus}" if rules.rain_bonus else ""
    if precycle:
        extra += f" + {rules.precycle_rain_bonus} precycle"
    step.emit("rain_timer", f"{first} rolls the rain timer: {rules.rain_dice}d{rules.rain_sides} "
              f"({parts}){extra} = {timer}.", amount=timer)
    step.update(cycle=cycle, precycle=precycle, rain=timer, rain_start=timer, round=0, turn=0)


def begin_turn(step: Step) -> None:
    """Start the current player's turn; turns owed to a search or the ending's wait play themselves."""
    while step.state.phase == PLAYING:
        index = step.state.current
        player = step.player(index)
        player = step.update_player(index, turns=player.turns + 1, cycle_turns=player.cycle_turns + 1)
        if player.waiting > 0:
            left = player.waiting - 1
            step.update_player(index, waiting=left)
            step.emit("waiting", f"{player.name} waits at the edge of the Void Sea ({left} turns to go).",
                      player=index, amount=left)
            if left == 0:
                ascend(step, index)
                return
            advance(step)
            continue
        if player.busy > 0:
            left = player.busy - 1
            step.update_player(index, busy=left)
            step.emit("busy", f"{player.name} keeps searching for a shelter.", player=index, amount=left)
            if left == 0:
                step.update_player(index, busy_task=None)
                if finish_search(step, index):
                    return  # the found shelter waits for the player's choice
            advance(step)
            continue
        step.emit("turn_started", f"{player.name}'s turn ({step.region(index).name}).", player=index)
        from .hunts import transform  # hunts build on flow

        transform(step, index)
        region = step.region(index)
        if region.hazard is not None and region.hazard_every > 0:
            played = player.region_turns + 1
            step.update_player(index, region_turns=played)
            if played % region.hazard_every == 0:
                from .combat import start_encounter  # combat ends turns; flow starts fights

                start_encounter(step, index, region.hazard, None, ends_turn=False)
        return


def end_turn(step: Step) -> None:
    """The current player's turn is over: pass play on (and end the round or cycle if due)."""
    advance(step)
    if step.state.phase == PLAYING:
        begin_turn(step)


def advance(step: Step) -> None:
    """Move `turn` to the next awake player; end the round and maybe the cycle on the way."""
    state = step.state
    awake = [pos for pos, i in enumerate(state.order) if state.players[i].status == AWAKE]
    if not awake:
        end_cycle(step, rained=False)
        return
    later = [pos for pos in awake if pos > state.turn]
    if later:
        step.update(turn=later[0])
        return
    rain = state.rain - 1
    step.update(rain=rain, round=state.round + 1)
    if rain < 0:
        step.emit("rain", "The rain comes down.", amount=rain)
        end_cycle(step, rained=True)
        return
    step.emit("round_ended", f"The round ends. Rain timer: {rain}.", amount=rain)
    step.update(turn=awake[0])


# -- a player's lot ----------------------------------------------------------------------------
def feed(step: Step, index: int, pips: int, food_type: str, source: str) -> None:
    """Add food as the slugcat's diet allows, never above its maximum."""
    player = step.player(index)
    slugcat = step.slugcat(index)
    parts = player.food_parts
    if food_type == "meat" and slugcat.diet == "herbivore":
        gained = 0
    elif food_type == "plant" and slugcat.diet == "carnivore":
        parts += pips
        gained, parts = divmod(parts, step.rules.carnivore_plant_parts)
    else:
        gained = pips
    food = min(slugcat.food_max, player.food + gained)
    step.update_player(index, food=food, food_parts=parts)
    if food > player.food:
        text = f"{player.name} eats {source}: +{food - player.food} food ({food}/{slugcat.food_max})."
    elif gained == 0 and parts:
        text = f"{player.name} eats {source}, but a carnivore needs more plant food for a pip."
    elif gained == 0:
        text = f"{player.name} gets no food from {source}."
    else:
        text = f"{player.name} is too full to eat {source}."
    step.emit("food", text, player=index, amount=food - player.food)


def food_needed(step: Step, index: int) -> int:
    """Pips needed to hibernate: the line, or a full board after starving."""
    slugcat = step.slugcat(index)
    return slugcat.food_max if step.player(index).starving else slugcat.food_line


def is_fed(step: Step, index: int) -> bool:
    return step.player(index).food >= food_needed(step, index)


def hibernate(step: Step, index: int) -> None:
    player = step.update_player(index, status=HIBERNATING)
    step.emit("hibernated", f"{player.name} curls up in a shelter to hibernate.", player=index,
              region=player.region)


def starve(step: Step, index: int) -> None:
    player = step.update_player(index, status=STARVED, food=0, food_parts=0)
    step.emit("starved", f"{player.name} shelters hungry: food is lost, but the cycle will be survived.",
              player=index, region=player.region)


def kill(step: Step, index: int, cause: str) -> None:
    """The player dies now: karma drops at once and they sit out the rest of the cycle."""
    player = step.player(index)
    step.update_player(index, status=DEAD, busy=0, busy_task=None, hunting=None)
    step.emit("died", f"{player.name} dies: {cause}.", player=index)
    flower = next((h for h in player.hand if getattr(step.data.card(h.card), "saves_karma", False)), None)
    if flower is not None:
        step.take_from_hand(index, flower.card)
        step.discard(flower.card, flower.deck)
        step.emit("karma_saved", f"{player.name}'s {step.name_of(flower.card)} wilts, and their karma holds "
                  f"at {player.karma}.", player=index, amount=player.karma)
    else:
        karma = max(step.rules.karma_min, player.karma - 1)
        step.update_player(index, karma=karma)
        if karma != player.karma:
            step.emit("karma", f"{player.name}'s karma falls to {karma}.", player=index, amount=karma)
    for other, someone in enumerate(step.state.players):
        if someone.tamed_by == index:
            step.update_player(other, tamed_by=None)
            step.emit("untamed", f"With {player.name} gone, {someone.name} is wild again.", player=other)


def move_to(step: Step, index: int, region_id: str, how: str) -> None:
    """Enter another region; kept shelters stay behind (back to their decks)."""
    player = step.player(index)
    keep = []
    for held in player.hand:
        if step.data.card(held.card).kind == "shelter":
            step.discard(held.card, held.deck)
        else:
            keep.append(held)
    region = step.data.regions[region_id]
    reached = player.reached_ending or (player.has_mark and region.ascension)
    step.update_player(index, region=region_id, hand=tuple(keep), region_turns=0, reached_ending=reached)
    step.emit("moved", f"{player.name} {how} to {region.name}.", player=index, region=region_id)
    if reached and not player.reached_ending:
        step.emit("ending", f"{player.name} bears the Mark into {region.name}: the end is near.",
                  player=index, region=region_id)
    for other, someone in enumerate(step.state.players):
        if someone.tamed_by == index and someone.region == player.region and someone.status == AWAKE:
            move_to(step, other, region_id, f"follows {player.name}")


def finish_search(step: Step, index: int) -> bool:
    """The search's last turn: take the first shelter in the region's deck; True if one was found."""
    player = step.player(index)
    deck = step.deck(player.region)
    for pile in ("draw", "discard"):
        cards = getattr(deck, pile)
        found = next((c for c in cards if step.data.card(c).kind == "shelter"), None)
        if found is not None:
            rest = list(cards)
            rest.remove(found)
            if pile == "draw":
                deck = DeckState(draw=step.dice.shuffle(rest), discard=deck.discard)
            else:
                deck = DeckState(draw=step.dice.shuffle(deck.draw), discard=tuple(rest))
            step.set_deck(player.region, deck)
            step.emit("search_found", f"{player.name} finds a shelter.", player=index, card=found)
            step.update(pending=Decision(player=index, card=found, deck=player.region))
            return True
    step.emit("search_failed", f"{player.name} finds no shelter in {step.region(index).name}.", player=index)
    return False


# -- the end of a cycle -------------------------------------------------------------------------
def end_cycle(step: Step, rained: bool) -> None:
    state = step.state
    rules = step.rules
    if rained:
        for index in state.order:
            player = step.player(index)
            if player.status != AWAKE:
                continue
            if player.waiting > 0:
                continue
            if step.region(index).sheltered_from_rain:
                step.emit("rain_spared", f"The rain cannot reach {player.name} in {step.region(index).name}.",
                          player=index)
                continue
            kill(step, index, "caught in the rain")
    step.emit("cycle_ended", f"Cycle {state.cycle} ends.", amount=state.cycle)

    ascending: list[int] = []
    waits = state.options.waits(len(state.players))
    for index in state.order:
        player = step.player(index)
        changes: dict = {}
        if player.status in SHELTERED:
            changes["wake_region"] = player.region
        if player.status == HIBERNATING:
            karma = min(rules.karma_max, player.karma + 1)
            changes["karma"] = karma
            if karma != player.karma:
                step.emit("karma", f"{player.name}'s karma rises to {karma}.", player=index, amount=karma)
            if player.has_mark and step.region(index).ascension:
                done = player.ending_hibernations + 1
                changes["ending_hibernations"] = done
                step.emit("ending", f"{player.name} has slept {done} of {rules.ending_hibernations} times "
                          f"in {step.region(index).name} bearing the Mark.", player=index, amount=done)
                if done >= rules.ending_hibernations:
                    if waits and rules.ending_wait_turns > 0:
                        changes["waiting"] = rules.ending_wait_turns
                    else:
                        ascending.append(index)
        changes["starving"] = player.status == STARVED
        if player.status == DEAD:
            changes["region"] = player.wake_region
            changes["region_turns"] = 0
        # what the cycle's end takes away: food, shelters and gates (a gate opens once per cycle; kept
        # for ever, one player could lock a region away). Creatures in hand are all companions (tamed,
        # friends, slugpups) and stay.
        kept = []
        for held in player.hand:
            if step.data.card(held.card).kind in ("shelter", "gate"):
                step.discard(held.card, held.deck)
            else:
                kept.append(held)
        changes.update(food=0, food_parts=0, hand=tuple(kept), status=AWAKE, cycle_turns=0, hunting=None,
                       escaped_from=())
        step.update_player(index, **changes)
        if player.status == DEAD:
            step.emit("woke", f"{player.name} wakes again in {step.data.regions[player.wake_region].name}.",
                      player=index, region=player.wake_region)
    step.update(pending=None)
    if ascending:
        for index in ascending:
            ascend(step, index, end=False)
        game_over(step, ascending[0])
        return
    start_cycle(step)


# -- the ending -----------------------------------------------------------------------------------
def progress(player) -> int:
    """How far along the ending a player is, for ranking: 0 nothing .. 5 ascended."""
    if player.status == ASCENDED:
        return 10
    score = 0
    if player.has_mark:
        score = 1
    if player.reached_ending:
        score = 2
    return score + player.ending_hibernations


def ascend(step: Step, index: int, end: bool = True) -> None:
    player = step.update_player(index, status=ASCENDED, waiting=0)
    step.emit("ascended", f"{player.name} descends into the Void Sea and ascends, after {player.turns} turns.",
              player=index, amount=player.turns)
    if end:
        game_over(step, index)


def game_over(step: Step, winner: int) -> None:
    state = step.state
    position = {index: pos for pos, index in enumerate(state.order)}
    ranking = sorted(
        range(len(state.players)),
        key=lambda i: (i != winner, -progress(state.players[i]), -state.players[i].karma, position[i]),
    )
    step.update(phase=OVER, winner=winner, ranking=tuple(ranking), pending=None)
    name = state.players[winner].name
    step.emit("game_over", f"{name} wins the game.", player=winner, amount=state.players[winner].turns)

