"""Sea-view terraces: the deck of a hillside pool villa with an infinity edge (variants 0 and 1,
day and golden hour) and a condo balcony high over gardens and the bay (variant 2).

The sea, the islands and the far shore fade into the sky's haze; the garden falls away below.
"""

import math
import os
import random
import sys

import bpy

sys.path.insert(0, os.path.dirname(__file__))
import kit  # noqa: E402

opts = kit.args()
v = opts.variant
scene = kit.reset(4000 + v)
rnd = random.Random(v)
balcony = v % 3 == 2
golden = v % 3 == 1

# The sun: over the sea and low for the golden hour, high and to the side by day.
if golden:
    kit.sky(5, 180 + 20, air=1.0, dust=1.2)
else:
    kit.sky(rnd.uniform(40, 55), 180 + rnd.choice([-75, 70]), dust=0.6)

Z = 0.0 if not balcony else 22.0  # the deck's height over the garden below
sea = kit.haze(kit.sea("Sea", (0.01, 0.08, 0.14)), 3000, 0.75)
slope = kit.grass("Slope", (0.04, 0.09, 0.02))
leaf = kit.leaves("Leaf", (0.07, 0.2, 0.04))
long_leaf = kit.leaves("LongLeaf", (0.08, 0.22, 0.04), 0.35)
palm_leaf = kit.leaves("PalmLeaf", (0.12, 0.22, 0.05), 0.3)
bloom = kit.leaves("Bougainvillea", (0.6, 0.03, 0.28), 0.25)
plumeria = kit.leaves("Plumeria", (0.92, 0.88, 0.72), 0.05)
trunk = kit.palm_bark("Trunk")
bark = kit.palm_bark("Bark", (0.36, 0.34, 0.31))
teak = kit.wood("Teak", (0.45, 0.28, 0.15), (0.25, 0.14, 0.07), 2, planks=False)
cush = kit.fabric("Cushion", rnd.choice([(0.9, 0.88, 0.83), (0.82, 0.78, 0.7)]))
accent = kit.fabric("Accent", rnd.choice([(0.2, 0.35, 0.45), (0.75, 0.5, 0.3), (0.45, 0.5, 0.4)]))
wall = kit.plaster("Wall", (0.9, 0.88, 0.84))
island = kit.haze(kit.canopy("Island", (0.04, 0.08, 0.04)), 5000, 0.6)

# The bay: sea to the horizon with islands, headlands far off, and the wooded hillside falling to the shore.
kit.plane("Sea", (0, 100000, -60), (400000, 200000), sea)
for i in range(4):
    r = rnd.uniform(200, 340)
    y = rnd.uniform(1300, 2200)
    x = y * (rnd.uniform(-0.55, -0.15) if i % 2 else rnd.uniform(0.1, 0.5))
    isl = kit.sphere("Island", (x, y, -60 - r * 0.45), r, island, (2.0, 1.2, 0.8), subdiv=5)
    kit.rugged(isl, r)
kit.far_hills(kit.canopy("Headland", (0.05, 0.09, 0.05)), distance=2600, count=3, height=160, width=5000, base=-60, ridges=True)
hillside = kit.plane("Hillside", (0, 80, -32), (400, 160), slope, rot=(math.radians(-20), 0, 0))
# Treetops on the slope below the deck (placed on the slope plane).
for i in range(22):
    y = rnd.uniform(12, 120)
    x = rnd.uniform(-70, 70)
    crown = rnd.uniform(3, 5)
    kit.tree((x, y, -32 - (y - 80) * math.tan(math.radians(20)) - 0.5), crown * 1.6, crown * 2.2, leaf, bark)
for i in range(7):
    y = rnd.uniform(10, 40)
    x = rnd.choice([-1, 1]) * rnd.uniform(9, 30)
    kit.palm((x, y, -32 - (y - 80) * math.tan(math.radians(20)) - 1), rnd.uniform(10, 14), (0, 0), palm_leaf, trunk, fronds=14)

if not balcony:
    # The deck, the infinity pool (its far edge spills into a catch basin below), loungers, a daybed.
    deck = kit.wood("Deck", (0.42, 0.28, 0.17), (0.22, 0.13, 0.07), 1.0, rough=0.5)
    PW, PL = 7.0, 4.0
    PY = 5.0
    pool_tile = kit.tiles("PoolTile", (0.32, 0.55, 0.58), (0.8, 0.8, 0.8), size=0.12, rough=0.2)
    coping = kit.tiles("Coping", (0.82, 0.8, 0.75), size=0.5, rough=0.45, wear=0.6)
    kit.box("Deck", (0, 1.0, -0.1), (22, 8, 0.2), deck, 0.01)
    kit.box("PoolFloor", (0, PY + PL / 2, -1.25), (PW, PL, 0.1), pool_tile, 0)
    for sx in (-1, 1):
        kit.box("PoolSide", (sx * (PW / 2 + 0.1), PY + PL / 2, -0.6), (0.2, PL, 1.3), pool_tile, 0)
    kit.box("PoolFar", (0, PY + PL + 0.1, -0.65), (PW + 0.4, 0.2, 1.2), pool_tile, 0)
    kit.box("Water", (0, PY + PL / 2 + 0.05, -0.62), (PW, PL + 0.1, 1.24), kit.water("Water", (0.55, 0.85, 0.88)), 0)
    kit.box("Wing", (-(PW / 2 + 3.6), PY + PL / 2, -0.1), (7, PL + 0.2, 0.2), deck, 0.01)
    kit.box("Wing", ((PW / 2 + 3.6), PY + PL / 2, -0.1), (7, PL + 0.2, 0.2), deck, 0.01)
    kit.box("Coping", (0, PY - 0.15, 0.01), (PW + 0.6, 0.3, 0.04), coping, 0.01)
    kit.box("Retaining", (0, PY + PL + 0.2, -3), (40, 0.4, 6), kit.stone("Stone", (0.5, 0.46, 0.4), 1.5), 0.01)
    # Two loungers with cushions on the deck, a side table, an umbrella; a daybed under a pergola.
    LY = 5.6
    for i, lx in enumerate((4.6, 5.7)):
        kit.box("Lounger", (lx, LY, 0.18), (0.72, 2.0, 0.08), teak, 0.01)
        for ox in (-0.3, 0.3):
            for oy in (-0.9, 0.9):
                kit.box("Leg", (lx + ox, LY + oy, 0.07), (0.05, 0.05, 0.14), teak, 0.005)
        kit.cushion("Pad", (lx, LY + 0.2, 0.27), (0.68, 1.55, 0.09), cush)
        kit.cushion("Back", (lx, LY - 0.85, 0.45), (0.68, 0.5, 0.09), cush, rot=(math.radians(-55), 0, 0))
        kit.box("Towel", (lx, LY + 0.5, 0.33), (0.5, 0.7, 0.02), kit.fabric("Towel", (0.3, 0.5, 0.6), scale=200, sheen=1.0), 0.005)
    kit.cylinder("SideTable", (5.15, LY - 0.6, 0.22), 0.2, 0.44, teak, verts=32)
    kit.cylinder("Glass", (5.12, LY - 0.6, 0.5), 0.035, 0.12, kit.glass("Glass"), verts=16)
    px, py = -5.8, 6.4
    for ox in (-1.3, 1.3):
        for oy in (-1.2, 1.2):
            kit.box("Post", (px + ox, py + oy, 1.3), (0.12, 0.12, 2.6), teak, 0.01)
    for i in range(12):
        kit.box("Rafter", (px, py - 1.4 + i * 0.25, 2.65), (2.9, 0.06, 0.14), teak, 0.005)
    kit.box("DaybedBase", (px, py, 0.2), (2.3, 2.1, 0.4), teak, 0.02)
    kit.cushion("DaybedPad", (px, py + 0.05, 0.48), (2.2, 2.0, 0.18), cush)
    for ox in (-0.65, 0.0, 0.65):
        kit.cushion("Pillow", (px + ox, py - 0.85, 0.75), (0.55, 0.18, 0.45), accent if ox else cush, rot=(math.radians(-15), 0, 0))
    kit.cushion("Throw", (px + 0.4, py + 0.5, 0.59), (1.0, 0.6, 0.04), accent)
    sheer = kit.fabric("Sheer", (0.96, 0.95, 0.92), scale=120, sheen=0.8)
    for ox in (-1.3, 1.3):
        kit.pleated((px + ox, py - 0.25), (0, 1), 0.5, 0.05, 2.55, sheer, depth=0.035)
    # Lanterns on the deck, lit for the evening.
    if golden:
        glow = kit.emission("Lantern", (1.0, 0.7, 0.4), 1.5)
        for lx, ly in ((px + 1.6, py - 1.6), (3.9, LY - 1.0)):
            kit.cylinder("Lantern", (lx, ly, 0.2), 0.1, 0.4, glow, verts=24)
            kit.point_light((lx, ly, 0.45), 8, radius=0.1)
    # The house's corner on the left, planters with frangipani and bougainvillea.
    kit.box("House", (-11.5, -1.5, 1.7), (3, 9, 3.8), wall, 0.02)
    kit.box("Eave", (-10.5, -1.0, 3.7), (5.2, 10, 0.25), wall, 0.02)
    planter = kit.plaster("Planter", (0.62, 0.6, 0.56))
    kit.box("Planter", (8.5, 2.0, 0.3), (2.2, 2.6, 0.6), planter, 0.02)
    kit.frangipani((8.3, 2.1, 0.55), 3.6, long_leaf, bark, plumeria)
    kit.bush((8.9, 1.1, 0.55), 0.7, leaf, flowers=bloom, bloom=0.6)
    kit.groundcover((8.5, 2.0, 0.56), (2.0, 2.4), leaf)
    kit.palm((10.5, 8.0, -3), 10, (-0.04, 0.02), palm_leaf, trunk, fronds=16)
    kit.paddle_clump((-8.6, 3.2, 0), 1.7, long_leaf, kit.plain("Bract", (0.9, 0.3, 0.05), 0.45), n=7)
    cam_loc = (rnd.uniform(-0.4, 0.4), 1.6, 1.45)
    kit.camera(cam_loc, (cam_loc[0], 20, 1.45), lens=18, fstop=8, shift_y=-0.02)
else:
    # A condo balcony twenty-two metres up: tiled floor, a glass balustrade on a low rendered
    # upstand, two chairs and a table. Through the glass, the condo's pool and gardens below;
    # over the rail, the shore and the bay.
    frame = kit.plain("Frame", (0.05, 0.05, 0.05), rough=0.35, metal=0.7)
    steel = kit.plain("Steel", (0.62, 0.62, 0.6), rough=0.25, metal=1.0)
    kit.box("Balcony", (0, 1.2, Z - 0.1), (6, 3.2, 0.2), kit.tiles("BalconyTiles", (0.72, 0.7, 0.66), size=0.6, rough=0.3, wear=0.3), 0.01)
    kit.box("Upstand", (0, 2.75, Z + 0.08), (6, 0.2, 0.16), wall, 0.01)
    kit.box("Balustrade", (0, 2.75, Z + 0.6), (5.9, 0.015, 0.88), kit.window_glass("RailGlass"), 0)
    kit.box("Handrail", (0, 2.72, Z + 1.07), (6.0, 0.06, 0.05), steel, 0.01)
    for px_ in (-1.5, 0.0, 1.5):
        kit.box("Clamp", (px_, 2.73, Z + 0.2), (0.08, 0.04, 0.06), steel, 0.004)
    # Party walls each side (the right one, off the picture, is what the glass reflects there).
    for sx in (-1, 1):
        kit.box("Side", (sx * 3.05, 1.2, Z + 1.5), (0.1, 3.2, 3.0), wall, 0.01)
    kit.box("Soffit", (0, 1.2, Z + 2.9), (6, 3.2, 0.2), wall, 0.01)
    # Behind the camera, the flat it stands in the doorway of: floor, walls and ceiling, for the
    # balustrade's glass to reflect (with nothing there it mirrors the black ground under the
    # horizon).
    kit.box("FlatFloor", (0, -2.4, Z - 0.1), (6, 4.0, 0.2), kit.wood("FlatFloor", (0.5, 0.36, 0.24), (0.3, 0.2, 0.12)), 0.01)
    kit.box("FlatBack", (0, -4.5, Z + 1.5), (6, 0.2, 3.0), wall, 0.01)
    kit.box("FlatCeiling", (0, -2.4, Z + 2.9), (6, 4.0, 0.2), wall, 0.01)
    for sx in (-1, 1):
        kit.box("FlatSide", (sx * 3.05, -2.4, Z + 1.5), (0.1, 4.0, 3.0), wall, 0.01)
    for cx in (1.4, 2.5):
        kit.box("ChairSeat", (cx, 1.4, Z + 0.42), (0.6, 0.6, 0.06), teak, 0.01)
        kit.cushion("ChairPad", (cx, 1.4, Z + 0.5), (0.56, 0.56, 0.08), cush)
        kit.box("ChairBack", (cx, 1.4 - 0.3 * (1 if cx < 0 else 1), Z + 0.75), (0.6, 0.05, 0.55), teak, 0.01)
        for ox in (-0.26, 0.26):
            for oy in (-0.26, 0.26):
                kit.box("Leg", (cx + ox, 1.4 + oy, Z + 0.2), (0.04, 0.04, 0.4), teak, 0.004)
    kit.cylinder("Table", (1.95, 1.9, Z + 0.55), 0.35, 0.04, teak, verts=40)
    kit.cylinder("TableLeg", (1.95, 1.9, Z + 0.27), 0.03, 0.54, frame, verts=12)
    kit.cylinder("Cup", (2.05, 1.95, Z + 0.61), 0.04, 0.08, kit.plain("Ceramic", (0.92, 0.92, 0.9), 0.1), verts=16)
    kit.cylinder("Pot", (2.5, 2.2, Z + 0.3), 0.25, 0.6, kit.plaster("Pot", (0.62, 0.58, 0.52), scale=8), verts=32)
    kit.bush((2.5, 2.2, Z + 0.55), 0.45, leaf, flowers=bloom, bloom=0.5)
    # The gardens and pool of the condo below, by the shore.
    kit.box("Garden", (0, 60, 0), (200, 130, 0.2), kit.grass("Lawn", (0.04, 0.07, 0.025)), 0)
    kit.box("Beach", (0, 135, -0.5), (400, 30, 0.2), kit.plain("Sand", (0.85, 0.78, 0.62), 0.9), 0)
    kit.box("CondoPool", (-3, 58, 0.12), (26, 9, 0.05), kit.water("PoolWater", (0.4, 0.85, 0.9)), 0)
    kit.box("PoolDeck", (-3, 58, 0.1), (32, 15, 0.05), kit.tiles("PoolDeck", (0.78, 0.75, 0.68), size=0.6, wear=0.7), 0)
    # Mature gardens: tree crowns close together, the lawn showing only between them.
    for i in range(70):
        tx, ty = rnd.uniform(-75, 75), rnd.uniform(12, 122)
        if abs(tx + 3) < 19 and 48 < ty < 68:
            continue  # the pool deck
        if ty < 42:
            continue  # under the balcony floor's line of sight
        crown = rnd.uniform(3.5, 6.0)
        kit.tree((tx, ty, 0.1), crown * rnd.uniform(1.4, 1.9), crown * 2.2, leaf, bark, flowers=bloom if i % 6 == 0 else None, bloom=0.3)
    kit.hedge((-60, 48, 0.1), (60, 48, 0.1), 1.5, 1.2, leaf)
    kit.hedge((-60, 68, 0.1), (60, 68, 0.1), 1.2, 1.0, leaf, flowers=bloom, bloom=0.15)
    # Neighbouring villas under tiled hip roofs between the trees, and flowering trees.
    house_wall = kit.plaster("HouseWall", (0.9, 0.88, 0.83))
    tiles_ = [kit.roof_tiles("Roof%d" % k, c) for k, c in enumerate(((0.3, 0.13, 0.08), (0.2, 0.18, 0.17), (0.36, 0.2, 0.12)))]
    houses = []
    for i in range(8):
        hx, hy = rnd.uniform(-60, 60), rnd.uniform(58, 118)
        if abs(hx + 3) < 22 and hy < 74:
            continue
        hw, hd = rnd.uniform(8, 12), rnd.uniform(7, 10)
        houses.append((hx, hy, hw, hd))
        kit.box("House", (hx, hy, 1.6), (hw, hd, 3.0), house_wall, 0.02)
        bpy.ops.mesh.primitive_cone_add(vertices=4, radius1=1, radius2=0, depth=1, location=(0, 0, 0))
        r = bpy.context.active_object
        r.rotation_euler = (0, 0, math.pi / 4)
        bpy.ops.object.transform_apply(rotation=True)
        r.scale = ((hw + 1.6) / math.sqrt(2), (hd + 1.6) / math.sqrt(2), 2.6)
        r.location = (hx, hy, 3.1 + 1.3)
        bpy.ops.object.transform_apply(scale=True)
        r.data.materials.append(rnd.choice(tiles_))
    def on_deck(x, y):
        return abs(x + 3) < 17 and 50 < y < 66

    for i in range(9):
        x, y = rnd.uniform(-50, 50), rnd.uniform(15, 90)
        if not on_deck(x, y):
            kit.frangipani((x, y, 0.1), rnd.uniform(5, 7), long_leaf, bark, plumeria)
    for i in range(26):
        x, y = rnd.uniform(-50, 50), rnd.uniform(12, 120)
        if not on_deck(x, y):
            kit.palm((x, y, 0.1), rnd.uniform(10, 15), (rnd.uniform(-0.05, 0.05), 0), palm_leaf, trunk, fronds=15)
    # Loungers along the pool's near side, white dots from up here.
    pad = kit.plain("LoungerPad", (0.9, 0.89, 0.86), 0.7)
    for i in range(8):
        kit.box("PoolLounger", (-14 + i * 3.2, 52.2, 0.35), (0.7, 1.9, 0.3), pad, 0.05)
    # Younger trees of other greens in the gaps, so from up here the gardens read as one canopy
    # with roofs and the pool in it, not lawn dotted with trees. Planted last, with their own
    # random numbers: everything above keeps its place and shape.
    fill = random.Random(700 + v)
    greens = [kit.leaves("LeafLight", (0.11, 0.24, 0.05), 0.35), kit.leaves("LeafDark", (0.045, 0.14, 0.035), 0.35), leaf]
    for i in range(60):
        tx, ty = fill.uniform(-75, 75), fill.uniform(44, 122)
        if abs(tx + 3) < 18 and 49 < ty < 67:
            continue  # the pool deck
        if any(abs(tx - hx) < hw / 2 + 1 and abs(ty - hy) < hd / 2 + 1 for hx, hy, hw, hd in houses):
            continue
        crown = fill.uniform(2.5, 4.5)
        kit.tree((tx, ty, 0.1), crown * fill.uniform(1.3, 1.8), crown * 2.2, fill.choice(greens), bark)
    cam_loc = (-1.2, -0.6, Z + 1.65)
    kit.camera(cam_loc, (4.0, 30, Z + 1.65), lens=18, fstop=8, shift_y=-0.05)

scene.view_settings.exposure = -0.2 if not golden else 0.35
kit.render(opts)
