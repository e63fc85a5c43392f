"""The version of the rules the engine plays.

Raise RULES_VERSION whenever a change to the rules would make an old save replay differently (a
card's number, a check, the order of a roll): saves record the version they were played under, and
one from another version is refused plainly instead of failing later as a digest that does not match.
"""

RULES_VERSION = 3  # 2: kept gates, tame price, strikes with weapons, the Long Legs, precycle searches, the wait, fight limit
# 3: a slept-in shelter stays out of its deck until the cycle ends; companions strike at a player's
#    full HP whatever the attacker's explosive; Hunter Long Legs has no spear mastery
