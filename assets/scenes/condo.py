"""The two condo buildings from their gardens: The Trees (even variants: warm render, timber
and planted balconies) and Zen Space (odd variants: white slabs and glass). Variants 0 and 1 look
along the pool at the building; 2 and 3 stand closer, at a corner of the garden. Through the
glazing the flats show, with their curtains and a lamp on here and there."""

import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
import kit  # noqa: E402

opts = kit.args()
v = opts.variant
trees = v % 2 == 0
scene = kit.reset(3000 + v)
rnd = random.Random(v)

kit.sky(rnd.uniform(30, 50), rnd.choice([-40, -25, 25, 40]), dust=0.5, clouds=0.45)

wall = kit.plaster("Wall", (0.82, 0.76, 0.66) if trees else (0.92, 0.92, 0.9), scale=1.0, weather=0.5)
slab = kit.plaster("Slab", (0.88, 0.86, 0.82) if trees else (0.95, 0.95, 0.94), scale=1.0, weather=0.7)
glass = kit.window_glass("Glazing", (0.92, 0.95, 0.96), pull=0.45)
# The flats behind the glass: curtains, a lamp on here and there, from a generator of their own
# (so the rest of the scene stays as it was).
flats = random.Random(50 + v)
sheers = [kit.fabric("Sheer%d" % k, c, scale=80, sheen=0.8) for k, c in enumerate(((0.93, 0.91, 0.87), (0.8, 0.76, 0.68), (0.6, 0.58, 0.55)))]
inside = kit.plaster("Inside", (0.86, 0.84, 0.8), scale=1.0)
lamp = kit.emission("Lamp", (1.0, 0.82, 0.6), 6.0)
frame = kit.plain("Frame", (0.05, 0.05, 0.05), rough=0.35, metal=0.7)
timber = kit.wood("Timber", (0.45, 0.28, 0.15), (0.25, 0.14, 0.07), 1.5, planks=False)
rail = kit.window_glass("Rail", (0.86, 0.95, 0.93), body=0.12)
leaf = kit.leaves("Leaf", (0.06, 0.2, 0.04))
palm_leaf = kit.leaves("PalmLeaf", (0.12, 0.22, 0.05), 0.3)
trunk = kit.palm_bark("Trunk")
paving = kit.tiles("Paving", (0.52, 0.49, 0.44), (0.3, 0.28, 0.25), size=0.45, rough=0.5, vary=0.1, wear=0.8, long=2.0, bond=0.5)
pool_tile = kit.tiles("PoolTile", (0.4, 0.65, 0.66), (0.85, 0.85, 0.85), size=0.12, rough=0.2)
hill = kit.canopy("Hill", (0.05, 0.09, 0.05))
bloom = kit.leaves("Bougainvillea", (0.6, 0.03, 0.28), 0.25)

kit.plane("Lawn", (0, 0, -1.3), (600, 600), kit.grass("Lawn"))
kit.far_hills(hill, distance=300, count=6, height=70)

FLOORS = 8 if trees else 7
FH = 3.1
BW = 34 if trees else 40
BY = 22
# The building: a core with floor slabs running out as balconies, and a row of flats along its
# front, each glazed wall to wall between piers.
RD = 4.5  # the flats' depth seen through the glass
curtains = []  # hung last: their folds draw on the shared random numbers the plants use
H = FH * FLOORS
kit.box("Core", (0, BY + RD + (12 - RD) / 2, H / 2), (BW, 12 - RD, H), wall, 0.03)
for sx in (-1, 1):
    kit.box("End", (sx * (BW / 2 - 0.15), BY + RD / 2, H / 2), (0.3, RD, H), wall, 0.02)
bays = 8 if trees else 10
bw = BW / bays
for b in range(bays + 1):
    x = -BW / 2 + b * bw
    kit.box("Pier", (x, BY + 0.05, H / 2), (0.5, 0.3, H), wall, 0.01)
    if 0 < b < bays:
        kit.box("Party", (x, BY + RD / 2, H / 2), (0.15, RD, H), inside, 0)
for f in range(FLOORS + 1):
    z = f * FH
    st = 0.25 if trees else 0.32
    kit.box("Slab", (0, BY - 0.9, z + 0.1), (BW + (0.6 if trees else 2.0), 2.4, st), slab, 0.02)
    kit.box("Ceiling", (0, BY + RD / 2, z + 0.1), (BW, RD, st), inside, 0)
    if f == FLOORS:
        break
    kit.box("Head", (0, BY + 0.05, z + FH - 0.06), (BW, 0.3, 0.25), wall, 0.005)
    kit.box("Sill", (0, BY + 0.05, z + 0.3), (BW, 0.3, 0.15), wall, 0.005)
    for b in range(bays):
        x = -BW / 2 + (b + 0.5) * bw
        kit.box("Glass", (x, BY - 0.02, z + FH / 2 + 0.1), (bw - 0.5, 0.03, FH - 0.45), glass, 0)
        kit.box("Frame", (x, BY - 0.06, z + FH / 2 + 0.1), (0.06, 0.08, FH - 0.45), frame, 0.004)
        # Curtains gathered to the sides, or drawn across in some flats (more of them at Zen
        # Space); a lamp on in one flat in six.
        cloth = flats.choice(sheers)
        z0, z1 = z + 0.3, z + FH - 0.15
        if flats.random() < (0.3 if not trees else 0.12):
            curtains.append(((x - bw / 2 + 0.3, BY + 0.3), (1, 0), bw - 0.6, z0, z1, cloth, 0.05))
        else:
            for sx in (-1, 1):
                curtains.append(((x + sx * (bw / 2 - 0.3), BY + 0.3), (-sx, 0), (bw - 0.6) * flats.uniform(0.15, 0.3), z0, z1, cloth, 0.04))
        if flats.random() < 0.17:
            kit.cylinder("Lamp", (x + flats.uniform(-1, 1), BY + RD * 0.5, z + FH - 0.05), 0.25, 0.04, lamp, verts=24)
        if f > 0:
            if trees:
                # Planters with greenery along each balcony.
                kit.box("Planter", (x, BY - 1.85, z + 0.55), (bw - 0.3, 0.45, 0.6), timber, 0.01)
                # Residents plant them unevenly: a full run, a shorter one, or nothing.
                fill = rnd.random()
                if fill > 0.15:
                    run = (bw - 0.5) * (1.0 if fill > 0.55 else rnd.uniform(0.35, 0.6))
                    x0 = x - (bw - 0.5) / 2 + rnd.uniform(0, bw - 0.5 - run)
                    kit.hedge((x0, BY - 1.85, z + 0.8), (x0 + run, BY - 1.85, z + 0.8), rnd.uniform(0.35, 0.7), 0.5, leaf, flowers=bloom if fill > 0.85 else None, bloom=0.3)
            else:
                kit.box("Rail", (x, BY - 2.05, z + 0.75), (bw, 0.02, 1.0), rail, 0)
    if trees:
        # Timber fins between pairs of bays.
        for b in range(0, bays + 1, 2):
            kit.box("Fin", (-BW / 2 + b * BW / bays, BY - 1.0, z + FH / 2 + 0.15), (0.25, 1.8, FH - 0.3), timber, 0.01)
kit.box("Roof", (0, BY + 5, FH * FLOORS + 0.6), (BW * 0.4, 6, 1.2), wall, 0.02)

# Garden: the residents' pool, palms and shrubs.
PW, PL = 22, 7
kit.box("PoolFloor", (0, 10, -1.2), (PW, PL, 0.1), pool_tile, 0)
for sx in (-1, 1):
    kit.box("PoolWall", (sx * (PW / 2 + 0.05), 10, -0.55), (0.1, PL + 0.2, 1.3), pool_tile, 0)
for sy in (-1, 1):
    kit.box("PoolWall", (0, 10 + sy * (PL / 2 + 0.05), -0.55), (PW + 0.2, 0.1, 1.3), pool_tile, 0)
kit.box("Water", (0, 10, -0.55), (PW, PL, 1.2), kit.water("Water"), 0)
# The pool deck is paved; past it the garden is lawn (a paved plaza out to the horizon read as
# an empty car park). The lawn lies a hand's breadth below the paving.
DX = PW / 2 + 6  # the deck's half width
for sx in (-1, 1):
    kit.box("PavingSide", (sx * (PW / 2 + 3), 10, -0.6), (6, PL, 1.4), paving, 0)
kit.box("PavingFront", (0, 10 - PL / 2 - 4, -0.6), (2 * DX, 8, 1.4), paving, 0)
kit.box("PavingBack", (0, 10 + PL / 2 + 25, -0.6), (2 * max(DX, BW / 2 + 4), 50, 1.4), paving, 0)
lawn = kit.grass("GardenLawn", (0.05, 0.1, 0.025))
for sx in (-1, 1):
    kit.box("LawnSide", (sx * (DX + 50), 20, -0.65), (100, 140, 1.4), lawn, 0)
kit.box("LawnFront", (0, 10 - PL / 2 - 8 - 40, -0.65), (2 * DX, 80, 1.4), lawn, 0)
cushion_mat = kit.fabric("Cushion", (0.9, 0.88, 0.84))
# Residents' things by the pool, from a generator of their own: towels left on some loungers,
# parasols between them, open or furled.
things = random.Random(950 + v)
towels = [kit.fabric("PoolTowel%d" % k, c, scale=200, sheen=1.0) for k, c in enumerate(((0.18, 0.36, 0.55), (0.92, 0.9, 0.86), (0.75, 0.45, 0.2)))]
canvas = kit.fabric("Parasol", (0.88, 0.84, 0.76))
for i in range(6):
    lx = -PW / 2 + 2 + i * 2.2
    kit.box("Lounger", (lx, 10 + PL / 2 + 1.8, 0.3), (0.7, 2.0, 0.1), timber, 0.01)
    kit.cushion("Pad", (lx, 10 + PL / 2 + 1.8, 0.4), (0.66, 1.9, 0.1), cushion_mat)
    if things.random() < 0.5:
        kit.box("Towel", (lx + things.uniform(-0.05, 0.05), 10 + PL / 2 + 1.6, 0.46), (0.5, 0.9, 0.015), things.choice(towels), 0.005, rot=(0, 0, things.uniform(-0.15, 0.15)))
    if i % 2 == 0:
        px, py = lx + 1.1, 10 + PL / 2 + 3.0
        kit.parasol(px, py, 0.0, canvas, timber, 1.4, 2.5, furled=things.random() >= 0.6)
long_leaf = kit.leaves("LongLeaf", (0.08, 0.22, 0.04), 0.35)
plumeria = kit.leaves("Plumeria", (0.92, 0.88, 0.72), 0.05)
bark = kit.palm_bark("Bark", (0.36, 0.34, 0.31))
for x in (-PW / 2 - 3, PW / 2 + 3, -PW / 2 - 8, PW / 2 + 9, 0.3 * BW):
    kit.palm((x + rnd.uniform(-1, 1), rnd.uniform(4, 18), 0.1), rnd.uniform(8, 12), (rnd.uniform(-0.06, 0.06), 0), palm_leaf, trunk, fronds=16)
# A hedge along the building's foot, flowering shrubs and frangipani in the lawn beds.
kit.hedge((-BW / 2 - 2, BY - 3.6, 0.1), (BW / 2 + 2, BY - 3.6, 0.1), 1.2, 1.0, leaf, flowers=bloom if trees else None, bloom=0.1)
kit.groundcover((0, BY - 4.6, 0.1), (BW + 4, 1.0), leaf)
bract = kit.plain("Bract", (0.85, 0.2, 0.05), 0.45)
for sx in (-1, 1):
    kit.frangipani((sx * (PW / 2 + rnd.uniform(2, 5)), 10 + rnd.uniform(-2, 3), 0.1), 4.0, long_leaf, bark, plumeria)
    kit.paddle_clump((sx * (PW / 2 + 1.5), 10 + PL / 2 + 4.5, 0.1), 1.8, long_leaf, bract, n=8)
for i in range(8):
    kit.bush((rnd.uniform(-BW / 2 - 6, BW / 2 + 6), rnd.choice([BY - 5.5, 10 + PL / 2 + 5]), 0.1), rnd.uniform(0.7, 1.2), leaf, flowers=bloom if i % 3 == 0 else None, bloom=0.4)
for i in range(8):
    kit.bush((rnd.choice([-1, 1]) * rnd.uniform(BW / 2 + 4, BW / 2 + 15), rnd.uniform(0, 30), 0), rnd.uniform(1.0, 1.8), leaf, lumps=4, flat=0.6)

# The estate's mature trees round the garden and behind the building: crowns on trunks, so the
# horizon is trees and hills, not bare ground.
def tree(x, y, height, radius):
    kit.tree((x, y, 0), height * 1.1, radius * 2.2, leaf, bark)


for i in range(16):
    tree(rnd.uniform(-75, 75), BY + rnd.uniform(16, 45), rnd.uniform(6, 11), rnd.uniform(3.5, 5.5))
for i in range(12):
    sx = rnd.choice([-1, 1])
    tree(sx * rnd.uniform(BW / 2 + 12, BW / 2 + 45), rnd.uniform(-8, BY + 10), rnd.uniform(5, 9), rnd.uniform(3.0, 5.0))
# Farther out, the neighbouring estates' trees close the view on both sides.
for i in range(18):
    sx = rnd.choice([-1, 1])
    tree(sx * rnd.uniform(BW / 2 + 45, BW / 2 + 110), rnd.uniform(-30, BY + 40), rnd.uniform(7, 12), rnd.uniform(4.0, 6.0))

# Shade trees on the lawns either side of the pool deck, from a generator of their own (so
# everything above keeps its place).
lawn_trees = random.Random(900 + v)
for sx in (-1, 1):
    for i in range(3):
        tree(sx * lawn_trees.uniform(DX + 4, DX + 16), lawn_trees.uniform(2, 16), lawn_trees.uniform(5.5, 7.5), lawn_trees.uniform(2.6, 3.6))

# Planted beds either side of the path in the foreground: heliconia by the path and a low,
# spreading shrub farther out (single round shrubs read as clipped topiary balls up close).
for sx in (-1, 1):
    kit.groundcover((sx * 7.5, -2.5, 0.1), (7.0, 2.2), leaf, flowers=plumeria if sx > 0 else None)
    kit.paddle_clump((sx * 5.0, -2.2, 0.1), 1.7, long_leaf, bract if sx < 0 else None, n=9)
    kit.bush((sx * 9.5, -2.8, 0.1), 1.5, leaf, lumps=5, flat=0.45, flowers=bloom if sx > 0 else None, bloom=0.4)

for start, direction, width, z0, z1, cloth, depth in curtains:
    kit.pleated(start, direction, width, z0, z1, cloth, depth=depth)

# A level camera (verticals straight), the lens shifted up to take in the building.
side = rnd.choice([-1, 1])
if v < 2:
    kit.camera((side * rnd.uniform(6, 10), -9, 1.6), (side * 2.0, BY, 1.6), lens=18, fstop=11, shift_y=0.2)
else:
    kit.camera((side * (PW / 2 - 1), -3.0, 1.6), (-side * 6.0, BY, 1.6), lens=18, fstop=11, shift_y=0.2)
kit.render(opts)
