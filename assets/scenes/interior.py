"""Rooms of the units: living rooms, bedrooms, bathrooms, kitchens and the office.

One room shell (floor, walls, ceiling, a glazed wall onto the tropics) furnished by kind:
`--kind living|bedroom|bathroom|kitchen|office`. Variants change the palette, the floor, the
view (garden of a villa or the sea from a high floor), the sun and the camera.
"""

import math
import os
import random
import sys

import bpy

sys.path.insert(0, os.path.dirname(__file__))
import kit  # noqa: E402

argv = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
kind = argv[argv.index("--kind") + 1] if "--kind" in argv else "living"
if "--kind" in argv:
    i = argv.index("--kind")
    del argv[i : i + 2]
    sys.argv = sys.argv[: sys.argv.index("--") + 1] + argv
opts = kit.args()
v = opts.variant
seed = {"living": 0, "bedroom": 100, "bathroom": 200, "kitchen": 300, "office": 400}[kind] + v
scene = kit.reset(2000 + seed)
rnd = random.Random(seed)

PALETTES = [
    dict(wall=(0.9, 0.88, 0.84), fabric=(0.78, 0.74, 0.66), accent=(0.35, 0.45, 0.42), wood=((0.55, 0.38, 0.22), (0.32, 0.2, 0.1))),
    dict(wall=(0.93, 0.93, 0.92), fabric=(0.45, 0.5, 0.55), accent=(0.72, 0.45, 0.3), wood=((0.7, 0.55, 0.38), (0.48, 0.34, 0.2))),
    dict(wall=(0.86, 0.82, 0.76), fabric=(0.85, 0.84, 0.8), accent=(0.25, 0.3, 0.4), wood=((0.4, 0.26, 0.15), (0.2, 0.12, 0.06))),
    dict(wall=(0.8, 0.82, 0.8), fabric=(0.6, 0.55, 0.48), accent=(0.55, 0.6, 0.45), wood=((0.62, 0.45, 0.28), (0.4, 0.27, 0.15))),
]
pal = PALETTES[(v + {"living": 0, "bedroom": 1, "bathroom": 2, "kitchen": 3, "office": 1}[kind]) % len(PALETTES)]
high = v % 2 == 1  # a condo high up over the sea, or a villa on its garden

# ---------------------------------------------------------------- the shell
W = {"bathroom": 4.2, "kitchen": 5.6, "office": 8.0, "bedroom": 5.0}.get(kind, 5.9) + rnd.uniform(-0.3, 0.4)
D = {"bathroom": 4.0, "kitchen": 5.6, "office": 7.0, "bedroom": 5.2}.get(kind, 6.0)
H = 2.9 if kind != "office" else 3.2

# The sun stands beyond the glazing, so it falls into the room in patches.
kit.sky(rnd.uniform(22, 40), 180 + rnd.choice([-40, -25, 25, 40]), air=1.0, dust=0.8, clouds=0.45)
scene.view_settings.exposure = 1.75
scene.cycles.diffuse_bounces = 2

wall = kit.plaster("Wall", pal["wall"], scale=2, bump=0.03)
if kind == "bathroom":
    floor = kit.tiles("Floor", rnd.choice([(0.75, 0.72, 0.66), (0.45, 0.44, 0.42)]), size=0.6, rough=0.2)
    wall_tiles = kit.tiles("WallTile", rnd.choice([(0.86, 0.84, 0.8), (0.6, 0.62, 0.6), (0.8, 0.78, 0.72)]), (0.7, 0.7, 0.68), size=rnd.choice([0.3, 0.6]), rough=0.15)
elif v % 3 == 2:
    floor = kit.tiles("Floor", (0.82, 0.8, 0.76), size=0.8, rough=0.12, vary=0.03)
else:
    floor = kit.wood("Floor", *pal["wood"], scale=1.0, rough=0.35)
ceiling = kit.plaster("Ceiling", (0.92, 0.92, 0.9), bump=0.01)
frame = kit.plain("Frame", (0.05, 0.05, 0.05), rough=0.35, metal=0.7)
glazing = kit.window_glass("Glass", pull=0.45)

kit.box("Floor", (0, D / 2, -0.05), (W + 0.4, D + 0.4, 0.1), floor, 0)
kit.box("Ceiling", (0, D / 2, H + 0.05), (W + 0.4, D + 0.4, 0.1), ceiling, 0)
kit.box("Left", (-W / 2 - 0.1, D / 2, H / 2), (0.2, D + 0.4, H), wall_tiles if kind == "bathroom" else wall, 0)
kit.box("Back", (0, -0.1, H / 2), (W + 0.4, 0.2, H), wall, 0)
# The far wall is glazed edge to edge (or nearly) onto the outside.
gw = W * (0.55 if kind == "bathroom" else rnd.uniform(0.7, 0.85))
gx = rnd.uniform(-(W - gw) / 2, (W - gw) / 2) if kind != "office" else 0
for a, b in ((-W / 2 - 0.2, gx - gw / 2), (gx + gw / 2, W / 2 + 0.2)):
    if b - a > 0.01:
        kit.box("Pier", ((a + b) / 2, D + 0.1, H / 2), (b - a, 0.2, H), wall, 0.005)
kit.box("Lintel", (gx, D + 0.1, H - 0.12), (gw, 0.2, 0.24), wall, 0.005)
n = max(2, round(gw / 1.4))
for i in range(n + 1):
    kit.box("Mullion", (gx - gw / 2 + i * gw / n, D + 0.05, (H - 0.24) / 2), (0.05, 0.08, H - 0.24), frame, 0.004)
kit.box("Sill", (gx, D + 0.05, 0.02), (gw, 0.1, 0.04), frame, 0.004)
kit.box("Glass", (gx, D + 0.05, (H - 0.24) / 2), (gw, 0.01, H - 0.24), glazing, 0)
portal = kit.area_light((gx, D + 0.3, (H - 0.24) / 2), gw, 0, aim=(gx, D - 5, (H - 0.24) / 2), size_y=H - 0.24)
portal.data.cycles.is_portal = True
# The right-hand wall, with a doorway.
kit.box("Right", (W / 2 + 0.1, D / 2, H / 2), (0.2, D + 0.4, H), wall_tiles if kind == "bathroom" else wall, 0)

# ---------------------------------------------------------------- outside
outside_leaf = kit.leaves("Leaf", (0.06, 0.18, 0.04))
palm_leaf = kit.leaves("PalmLeaf", (0.12, 0.22, 0.05), 0.3)
trunk = kit.palm_bark("Trunk")
if high:
    # Twenty floors up over the bay: a balcony edge, the sea and its islands.
    kit.box("Balcony", (0, D + 1.2, -0.08), (W + 2, 2.2, 0.16), kit.tiles("BalconyTiles", (0.7, 0.68, 0.64), size=0.6), 0.01)
    kit.box("Rail", (0, D + 2.25, 0.5), (W + 2, 0.02, 1.0), kit.glass("RailGlass", (0.85, 0.92, 0.92)), 0)
    kit.box("Handrail", (0, D + 2.25, 1.02), (W + 2, 0.06, 0.04), frame, 0.01)
    sea = kit.haze(kit.sea("Sea", (0.01, 0.08, 0.14)), 3000, 0.75)
    kit.plane("Sea", (0, 100000, -60), (400000, 200000), sea)
    # Two wooded islands out in the bay (long and low: hills near the horizon read as discs).
    isles = random.Random(70 + v)
    island = kit.haze(kit.canopy("Island", (0.04, 0.08, 0.04)), 5000, 0.6)
    for side in (-1, 1):
        r = isles.uniform(200, 320)
        y = isles.uniform(1500, 2300)
        isle = kit.sphere("Island", (side * y * isles.uniform(0.12, 0.4), y, -60 - r * 0.45), r, island, (2.2, 1.2, 0.7), subdiv=5)
        kit.rugged(isle, r)
else:
    # A villa's garden: a terrace, a strip of pool, palms, flowering shrubs and a hedge.
    kit.box("Terrace", (0, D + 2.5, -0.08), (W + 12, 5, 0.16), kit.wood("Deck", (0.38, 0.25, 0.15), (0.2, 0.12, 0.06)), 0)
    kit.ground(kit.grass("Lawn"))
    kit.box("PoolEdge", (rnd.uniform(-2, 2), D + 6.5, -0.05), (9, 3, 0.12), kit.water("Water"), 0)
    bloom = kit.leaves("Bougainvillea", (0.6, 0.03, 0.28), 0.25)
    long_leaf = kit.leaves("LongLeaf", (0.08, 0.22, 0.04), 0.35)
    kit.hedge((-W / 2 - 8, D + 13, 0), (W / 2 + 8, D + 13, 0), 1.8, 1.0, outside_leaf, flowers=bloom, bloom=0.12)
    kit.groundcover((0, D + 5.2, 0), (W + 10, 0.9), outside_leaf)
    bark = kit.palm_bark("Bark", (0.36, 0.34, 0.31))
    kit.frangipani((rnd.choice([-1, 1]) * rnd.uniform(3, 5), D + 9.5, 0), 4.0, long_leaf, bark, kit.leaves("Plumeria", (0.92, 0.88, 0.72), 0.05))
    for i in range(4):
        kit.palm((rnd.uniform(-12, 12), D + rnd.uniform(9, 16), 0), rnd.uniform(6, 9), (rnd.uniform(-0.06, 0.06), 0), palm_leaf, trunk, fronds=15)
    for i in range(6):
        kit.bush((rnd.uniform(-14, 14), D + rnd.uniform(9, 12), 0), rnd.uniform(0.8, 1.4), outside_leaf, flowers=bloom if i % 2 else None, bloom=0.4)
    # Past the hedge, the neighbours' shade trees (big round shrubs there read as topiary).
    for i in range(8):
        x, y, r = rnd.uniform(-25, 25), D + rnd.uniform(16, 26), rnd.uniform(2.5, 4.0)
        kit.tree((x, y, 0), r * 2.0, r * 2.4, outside_leaf, bark)

# ---------------------------------------------------------------- furniture
wood = kit.wood("Timber", *pal["wood"], scale=2.0, planks=False, rough=0.4)
uph = kit.fabric("Upholstery", pal["fabric"])
accent = kit.fabric("Accent", pal["accent"])
linen = kit.fabric("Linen", (0.92, 0.91, 0.88), scale=80, sheen=0.8)
metal = kit.plain("Brass", (0.75, 0.55, 0.3), rough=0.3, metal=1.0)
black = kit.plain("Black", (0.03, 0.03, 0.03), rough=0.4, metal=0.5)
ceramic = kit.plain("Ceramic", (0.92, 0.92, 0.9), rough=0.08, spec=0.6)
pot = kit.plain("Pot", rnd.choice([(0.6, 0.45, 0.35), (0.2, 0.2, 0.2), (0.85, 0.83, 0.8)]), rough=0.6)
leafm = kit.leaves("PlantLeaf", (0.04, 0.16, 0.03), 0.3)
marble = kit.tiles("Marble", (0.88, 0.87, 0.85), (0.86, 0.85, 0.83), size=3.0, rough=0.12, vary=0.0, gloss_bump=0.0)
rug = kit.fabric("Rug", tuple(c * 0.9 + 0.05 for c in pal["fabric"]), scale=200, sheen=0.3)


def lamp_shade(x, y, z, r=0.2):
    kit.cylinder("Shade", (x, y, z), r, r * 1.1, kit.fabric("Shade", (0.95, 0.9, 0.8)), verts=32)
    kit.point_light((x, y, z - 0.02), 25, radius=0.08)


def sofa(x, y, w):
    return kit.sofa(x, y, w, uph, accent, black, rnd)


def plant(x, y, h=1.4):
    kit.leafy_plant((x, y, 0), h, pot, leafm, leaves_n=rnd.randint(12, 18))


def art(x, y, z, w, h, wall_axis="x"):
    """A framed colour-field painting: two or three bands of colour with soft, brushed edges,
    on canvas with a visible weave, behind a white mount."""
    m, nt, bsdf = kit._mat("Painting")
    tc = nt.nodes.new("ShaderNodeTexCoord")
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(tc.outputs["Generated"], sep.inputs["Vector"])
    brush = nt.nodes.new("ShaderNodeTexNoise")
    brush.inputs["Scale"].default_value = rnd.uniform(3, 6)
    brush.inputs["Detail"].default_value = 10
    brush.inputs["Roughness"].default_value = 0.7
    nt.links.new(tc.outputs["Generated"], brush.inputs["Vector"])
    wobble = nt.nodes.new("ShaderNodeMath")
    wobble.operation = "MULTIPLY_ADD"
    wobble.inputs[1].default_value = 0.18
    wobble.inputs[2].default_value = -0.09
    nt.links.new(brush.outputs["Fac"], wobble.inputs[0])
    band = nt.nodes.new("ShaderNodeMath")
    band.operation = "ADD"
    nt.links.new(sep.outputs["Z"], band.inputs[0])
    nt.links.new(wobble.outputs[0], band.inputs[1])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    cols = rnd.choice(
        [
            [(0.55, 0.2, 0.08), (0.8, 0.55, 0.3), (0.12, 0.1, 0.09)],
            [(0.08, 0.16, 0.22), (0.5, 0.6, 0.62), (0.85, 0.8, 0.7)],
            [(0.7, 0.62, 0.45), (0.28, 0.32, 0.22), (0.82, 0.78, 0.7)],
            [(0.62, 0.38, 0.3), (0.9, 0.85, 0.76), (0.3, 0.35, 0.42)],
        ]
    )
    el = ramp.color_ramp.elements
    el[0].position, el[0].color = 0.3, (*cols[0], 1)
    el[1].position, el[1].color = 0.42, (*cols[1], 1)
    e3 = el.new(0.62)
    e3.color = (*cols[1], 1)
    e4 = el.new(0.72)
    e4.color = (*cols[2], 1)
    nt.links.new(band.outputs[0], ramp.inputs["Fac"])
    streak = nt.nodes.new("ShaderNodeTexNoise")
    streak.inputs["Scale"].default_value = 40
    mp = nt.nodes.new("ShaderNodeMapping")
    mp.inputs["Scale"].default_value = (1, 1, 12)
    nt.links.new(tc.outputs["Generated"], mp.inputs["Vector"])
    nt.links.new(mp.outputs["Vector"], streak.inputs["Vector"])
    nt.links.new(kit._mix(nt, ramp.outputs["Color"], streak.outputs["Color"], "OVERLAY", 0.35), bsdf.inputs["Base Color"])
    weave = nt.nodes.new("ShaderNodeTexNoise")
    weave.inputs["Scale"].default_value = 400
    nt.links.new(tc.outputs["Generated"], weave.inputs["Vector"])
    kit._bump(nt, bsdf, weave.outputs["Fac"], 0.25, 0.002)
    bsdf.inputs["Roughness"].default_value = 0.85
    mount = kit.plain("Mount", (0.9, 0.89, 0.86), 0.9)
    frame_mat = rnd.choice([black, wood])
    if wall_axis == "x":
        kit.box("Frame", (x, y, z), (0.04, w + 0.06, h + 0.06), frame_mat, 0.005)
        kit.box("Mount", (x + 0.021, y, z), (0.005, w, h), mount, 0)
        kit.box("Art", (x + 0.025, y, z), (0.006, w - 0.16, h - 0.16), m, 0)
    else:
        kit.box("Frame", (x, y, z), (w + 0.06, 0.04, h + 0.06), frame_mat, 0.005)
        kit.box("Mount", (x, y + 0.021, z), (w, 0.005, h), mount, 0)
        kit.box("Art", (x, y + 0.025, z), (w - 0.16, 0.006, h - 0.16), m, 0)


def air_conditioner(loc, along="y"):
    """The wall-mounted split unit every Phuket room has: white casing, a louvre slot, a status
    light, and its white pipe duct running along the wall."""
    x, y, z = loc
    casing = kit.plain("ACCasing", (0.9, 0.9, 0.88), rough=0.3, spec=0.5)
    slot = kit.plain("ACSlot", (0.18, 0.18, 0.18), rough=0.5)
    if along == "y":
        kit.box("AC", (x + 0.12, y, z), (0.22, 0.92, 0.3), casing, 0.03)
        kit.box("ACSlot", (x + 0.2, y, z - 0.1), (0.08, 0.8, 0.04), slot, 0.01)
        kit.box("ACDuct", (x + 0.04, y - 0.46 - 0.45, z + 0.06), (0.07, 0.9, 0.07), casing, 0.01)
    else:
        kit.box("AC", (x, y + 0.12, z), (0.92, 0.22, 0.3), casing, 0.03)
        kit.box("ACSlot", (x, y + 0.2, z - 0.1), (0.8, 0.08, 0.04), slot, 0.01)
        kit.box("ACDuct", (x + 0.46 + 0.45, y + 0.04, z + 0.06), (0.9, 0.07, 0.07), casing, 0.01)
    kit.box("ACLight", (x + (0.23 if along == "y" else 0.3), y + (0.3 if along == "y" else 0.23), z - 0.02), (0.01, 0.01, 0.01), kit.emission("ACLed", (0.3, 0.6, 1.0), 20), 0)


def skirting():
    """Skirting boards round the room, in the walls' paint, and a switch plate by the door."""
    board = kit.plain("Skirting", tuple(c * 0.97 for c in pal["wall"]), rough=0.35, spec=0.5)
    kit.box("SkirtLeft", (-W / 2 + 0.008, D / 2, 0.05), (0.016, D, 0.1), board, 0.002)
    kit.box("SkirtRight", (W / 2 - 0.008, D / 2, 0.05), (0.016, D, 0.1), board, 0.002)
    kit.box("SkirtBack", (0, 0.008, 0.05), (W, 0.016, 0.1), board, 0.002)
    plate = kit.plain("Switch", (0.93, 0.93, 0.9), rough=0.3)
    kit.box("Switch", (W / 2 - 0.006, 0.9, 1.15), (0.012, 0.08, 0.12), plate, 0.003)
    kit.box("Socket", (-W / 2 + 0.006, 0.8, 0.3), (0.012, 0.08, 0.08), plate, 0.003)


def downlights(xs, ys):
    em = kit.emission("Downlight", (1, 0.85, 0.65), 40)
    for x in xs:
        for y in ys:
            kit.cylinder("Downlight", (x, y, H - 0.005), 0.05, 0.01, em, verts=16)


def drapes(sheer_only=False):
    """Sheer curtains gathered at both ends of the glazing on a slim track, linen over them."""
    sheer = kit.fabric("Sheer", (0.97, 0.96, 0.93), scale=140, sheen=0.9)
    bsdf = sheer.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Alpha"].default_value = 0.7
    heavy = kit.fabric("Drape", tuple(c * 0.95 for c in pal["fabric"]), scale=100, sheen=0.6)
    kit.box("Track", (gx, D - 0.2, H - 0.03), (gw + 0.4, 0.04, 0.03), black, 0.003)
    for side in (-1, 1):
        for mat, width, off in ((sheer, 0.7, 0.0),) + (() if sheer_only else ((heavy, 0.55, -0.08),)):
            x = gx + side * (gw / 2 - width / 2 + 0.15)
            kit.pleated((x - width / 2, D - 0.2 + off), (1, 0), width, 0.03, H - 0.06, mat)


def books(x, y, z, n=3, turn=0.0):
    """A stack of coffee-table books in muted covers."""
    for i in range(n):
        col = rnd.choice([(0.75, 0.72, 0.66), (0.2, 0.25, 0.3), (0.55, 0.35, 0.25), (0.88, 0.86, 0.82), pal["accent"]])
        w, d_ = rnd.uniform(0.24, 0.32), rnd.uniform(0.3, 0.38)
        kit.box("Book", (x, y, z + 0.02 + i * 0.035), (w, d_, 0.03), kit.plain("Cover", col, 0.6), 0.004, rot=(0, 0, turn + rnd.uniform(-0.15, 0.15)))


def vase(x, y, z, h=0.3):
    """A ceramic vase with a few leafy stems."""
    kit.cylinder("Vase", (x, y, z + h / 2), 0.07, h, kit.plain("Glaze", rnd.choice([(0.2, 0.3, 0.3), (0.85, 0.82, 0.75), (0.5, 0.3, 0.2)]), 0.15, spec=0.6), verts=24)
    kit.bush((x, y, z + h + 0.05), 0.14, leafm, lumps=1, flat=1.2)


def table_lamp(x, y, z):
    kit.cylinder("LampBase", (x, y, z + 0.16), 0.08, 0.32, ceramic, verts=24)
    lamp_shade(x, y, z + 0.45, 0.17)


def fruit(x, y, z):
    """A shallow bowl of fruit: oranges, limes and a mango or two."""
    kit.cylinder("FruitBowl", (x, y, z + 0.04), 0.17, 0.08, ceramic, verts=32)
    cols = [(0.9, 0.4, 0.05), (0.35, 0.6, 0.1), (0.85, 0.6, 0.1)]
    for i in range(6):
        a = i * 1.1
        kit.sphere("Fruit", (x + math.cos(a) * 0.08, y + math.sin(a) * 0.08, z + 0.1 + (i % 2) * 0.03), 0.04, kit.plain("Fruit", cols[i % 3], 0.4), subdiv=2)


if kind == "living":
    # The sofa along the left wall facing the room, a rug, a table and an armchair opposite.
    sy = D * rnd.uniform(0.42, 0.55)
    sw = rnd.uniform(2.2, 2.8)
    kit.turned(lambda: sofa(0, 0, sw), (-W / 2 + 0.6, sy, 0), -math.pi / 2)
    tx = -W / 2 + 2.1
    kit.box("Rug", (tx, sy, 0.01), (2.4, 3.0, 0.015), rug, 0.005)
    if rnd.random() < 0.5:
        kit.box("Table", (tx, sy, 0.38), (0.7, 1.2, 0.05), marble, 0.01)
    else:
        kit.cylinder("Table", (tx, sy, 0.38), 0.5, 0.05, wood, verts=48)
    kit.box("TableBase", (tx, sy, 0.18), (0.3, 0.5, 0.36), black, 0.01)
    vase(tx + 0.1, sy + 0.3, 0.405, 0.25)
    books(tx - 0.05, sy - 0.3, 0.405, 3)
    kit.cushion("Throw", (-W / 2 + 0.75, sy - sw / 2 + 0.45, 0.56), (0.7, 0.45, 0.05), linen, rot=(0, 0, 0.2))
    drapes()
    ax, ay = tx + 1.5, sy + rnd.uniform(-0.8, 0.8)
    turn = math.radians(rnd.uniform(-20, 20))
    kit.turned(
        lambda: (
            kit.cushion("Armchair", (0, 0, 0.3), (0.85, 0.85, 0.4), accent),
            kit.cushion("ArmchairBack", (0.35, 0, 0.65), (0.2, 0.85, 0.55), accent),
        ),
        (ax, ay, 0),
        turn,
    )
    art(-W / 2 + 0.02, sy, 1.65, 1.4, 0.8)
    plant(W / 2 - 0.5, D - 0.6, 1.6)
    plant(-W / 2 + 0.4, D - 0.5, 1.2)
    kit.cylinder("LampPole", (-W / 2 + 0.45, sy + sw / 2 + 0.35, 0.8), 0.015, 1.6, metal, verts=12)
    lamp_shade(-W / 2 + 0.45, sy + sw / 2 + 0.35, 1.65)
    kit.box("Sideboard", (W / 2 - 0.25, D * 0.45, 0.35), (0.45, 1.8, 0.7), wood, 0.01)
    # A dining table by the glazing under a pendant, chairs round it.
    dx, dy = W / 2 - 1.6, D - 1.6
    kit.box("DiningTop", (dx, dy, 0.75), (0.95, 1.9, 0.05), wood, 0.01)
    for ox in (-0.35, 0.35):
        kit.box("DiningLeg", (dx + ox, dy, 0.37), (0.06, 1.5, 0.72), black, 0.005)
    for ox in (-0.72, 0.72):
        for oy in (-0.5, 0.5):
            kit.cushion("ChairSeat", (dx + ox, dy + oy, 0.46), (0.46, 0.46, 0.07), uph)
            kit.cushion("ChairBack", (dx + ox * 1.3, dy + oy, 0.75), (0.06, 0.44, 0.5), uph)
            for lx in (-0.18, 0.18):
                kit.cylinder("ChairLeg", (dx + ox + lx, dy + oy, 0.21), 0.015, 0.42, black, verts=8)
    kit.cylinder("Cord", (dx, dy, H - 0.35), 0.004, 0.7, black, verts=6)
    kit.cylinder("Pendant", (dx, dy, H - 0.78), 0.28, 0.18, kit.fabric("Rattan", (0.6, 0.45, 0.28), scale=150), verts=32)
    kit.point_light((dx, dy, H - 0.95), 30, radius=0.1)
    vase(dx, dy + 0.2, 0.775, 0.22)
    kit.cylinder("Bowl", (W / 2 - 0.25, D * 0.45 + 0.4, 0.75), 0.15, 0.08, ceramic, verts=32)
    table_lamp(W / 2 - 0.25, D * 0.45 - 0.55, 0.7)
    books(W / 2 - 0.25, D * 0.45, 0.7, 2)
    downlights([-W / 4, W / 4], [D / 3, 2 * D / 3])
    # Three ways into a living room: from the far corner over the sideboard, from behind the
    # sofa's end towards the dining table and the glazing, and square on to the view.
    cam, target = [
        ((W / 2 - 0.5, 0.45, 1.35), (-W / 4, D * 0.7, 0.8)),
        ((-W / 2 + 0.7, 0.5, 1.35), (W / 4, D * 0.8, 0.9)),
        ((0.4, 0.4, 1.25), (-0.2, D, 1.0)),
    ][v % 3]
elif kind == "bedroom":
    bx = rnd.uniform(-0.8, 0.8)
    by = 0.35
    kit.box("BedFrame", (bx, by + 0.9, 0.2), (2.0, 2.2, 0.3), wood, 0.02)
    kit.box("Headboard", (bx, by - 0.2, 0.65), (2.3, 0.1, 1.2), uph if rnd.random() < 0.5 else wood, 0.03)
    kit.cushion("Mattress", (bx, by + 0.9, 0.45), (1.85, 2.05, 0.24), linen)
    # The duvet over the mattress and down its sides and foot, a throw folded across its end.
    kit.draped("Duvet", (bx, by + 1.2, 0.575), 1.9, 1.45, 0.32, linen)
    kit.draped("Throw", (bx, by + 1.7, 0.61), 2.0, 0.55, 0.26, accent, thickness=0.015, folds=0.012)
    for px in (bx - 0.45, bx + 0.45):
        kit.cushion("Pillow", (px, by + 0.2, 0.7), (0.74, 0.48, 0.15), linen, rot=(math.radians(-38), 0, 0))
    kit.cushion("Cushion", (bx, by + 0.35, 0.68), (0.5, 0.14, 0.35), accent, rot=(math.radians(-20), 0, 0))
    for sx_ in (-1, 1):
        nx = bx + sx_ * 1.45
        kit.box("Nightstand", (nx, by + 0.1, 0.25), (0.5, 0.45, 0.5), wood, 0.01)
        kit.cylinder("LampBase", (nx, by + 0.1, 0.62), 0.07, 0.22, ceramic, verts=24)
        lamp_shade(nx, by + 0.1, 0.85, 0.16)
    kit.box("Rug", (bx, by + 1.6, 0.01), (2.8, 2.0, 0.015), rug, 0.005)
    drapes()
    books(bx - 1.45, by + 0.2, 0.5, 2)
    art(bx, 0.02, 1.75, 1.3, 0.7, wall_axis="y")
    # An upholstered bench at the foot of the bed, on slim timber legs.
    kit.cushion("Bench", (bx, by + 2.4, 0.4), (1.3, 0.42, 0.13), accent)
    for ox in (-0.58, 0.58):
        for oy in (-0.16, 0.16):
            kit.box("BenchLeg", (bx + ox, by + 2.4 + oy, 0.17), (0.04, 0.04, 0.34), wood, 0.004)
    downlights([-W / 4, W / 4], [D / 2])
    cs = rnd.choice([-1, 1])
    # A reading corner opposite the camera: armchair, floor lamp, a side table with a book.
    ax = bx - cs * 1.9
    kit.cushion("Armchair", (ax, by + 2.6, 0.3), (0.8, 0.8, 0.38), accent)
    kit.cushion("ArmchairBack", (ax - cs * 0.33, by + 2.6, 0.62), (0.18, 0.8, 0.55), accent)
    kit.cushion("Throw", (ax, by + 2.6, 0.52), (0.5, 0.4, 0.04), linen, rot=(0, 0, 0.4))
    kit.cylinder("LampPole", (ax - cs * 0.45, by + 3.2, 0.75), 0.012, 1.5, metal, verts=12)
    lamp_shade(ax - cs * 0.45, by + 3.2, 1.55, 0.18)
    books(bx + cs * 1.45, by + 0.15, 0.5, 1)
    plant(cs * (W / 2 - 0.4), by + 1.4, 1.3)
    cam = (bx + cs * rnd.uniform(1.3, 1.7), D - 0.5, 1.4)
    target = (bx, by + 0.8, 0.7)
elif kind == "bathroom":
    # Tiles up the walls, a vanity with a basin and mirror, a bathtub under the window.
    kit.box("Vanity", (-W / 2 + 0.3, 1.6, 0.45), (0.55, 1.6, 0.5), wood, 0.01)
    kit.box("Counter", (-W / 2 + 0.3, 1.6, 0.72), (0.6, 1.7, 0.05), marble, 0.005)
    for by_ in (1.2, 2.0):
        kit.cushion("Basin", (-W / 2 + 0.35, by_, 0.8), (0.42, 0.5, 0.14), ceramic)
        kit.cylinder("Tap", (-W / 2 + 0.12, by_, 0.88), 0.015, 0.25, metal, verts=12)
    mirror = kit.plain("Mirror", (0.9, 0.9, 0.9), rough=0.0, metal=1.0)
    kit.box("Mirror", (-W / 2 + 0.02, 1.6, 1.5), (0.02, 1.5, 0.9), mirror, 0.002)
    if v % 2 == 0:
        # A freestanding oval tub under the window, a teak stool beside it.
        tub = kit.cylinder("Tub", (0.4, D - 0.85, 0.3), 0.5, 0.6, ceramic, verts=48)
        tub.scale = (1.75, 0.85, 1)
        kit.cylinder("TubWater", (0.4, D - 0.85, 0.52), 0.44, 0.02, kit.water("BathWater"), verts=48).scale = (1.75, 0.8, 1)
        kit.cylinder("Filler", (1.55, D - 0.85, 0.5), 0.02, 1.0, metal, verts=12)
        kit.box("Stool", (-0.7, D - 0.8, 0.22), (0.4, 0.4, 0.44), wood, 0.02)
        kit.cylinder("Candle", (-0.7, D - 0.8, 0.5), 0.04, 0.1, kit.plain("Wax", (0.95, 0.93, 0.88), 0.5), verts=16)
    else:
        # A walk-in shower in the corner by the glazing: a slate tray, a clear screen in a thin
        # black frame, a rain head on a rod from the ceiling, a mixer and a niche in the tiles.
        sx0 = W / 2 - 1.45  # the screen's line; the shower runs from it to the right-hand wall
        kit.box("Tray", ((sx0 + W / 2) / 2, D - 0.8, 0.01), (W / 2 - sx0, 1.6, 0.02), kit.tiles("Slate", (0.25, 0.25, 0.24), size=0.3, rough=0.4), 0.002)
        kit.box("Screen", (sx0, D - 0.8, 1.0), (0.01, 1.1, 1.96), kit.window_glass("ShowerGlass"), 0)
        for z in (0.02, 1.99):
            kit.box("ScreenFrame", (sx0, D - 0.8, z), (0.025, 1.12, 0.025), black, 0.002)
        for y in (D - 1.36, D - 0.24):
            kit.box("ScreenFrame", (sx0, y, 1.0), (0.025, 0.025, 1.96), black, 0.002)
        kit.cylinder("Stay", (sx0 + 0.7, D - 0.8, 2.0), 0.01, 1.4, black, rot=(0, math.radians(90), 0), verts=8)
        kit.cylinder("RainRod", (W / 2 - 0.7, D - 0.8, H - 0.2), 0.012, 0.4, black, verts=12)
        kit.cylinder("RainHead", (W / 2 - 0.7, D - 0.8, H - 0.41), 0.16, 0.012, black, verts=32)
        kit.cylinder("Mixer", (W / 2 - 0.01, D - 1.0, 1.05), 0.05, 0.03, black, rot=(0, math.radians(90), 0), verts=24)
        kit.box("Lever", (W / 2 - 0.05, D - 1.0, 1.1), (0.06, 0.015, 0.08), black, 0.003)
        kit.box("Niche", (W / 2 - 0.02, D - 1.55, 1.25), (0.04, 0.5, 0.3), marble, 0.002)
        for i in range(3):
            kit.cylinder("Bottle", (W / 2 - 0.07, D - 1.7 + i * 0.14, 1.2), 0.03, 0.16, kit.plain("Bottle", (0.9, 0.88, 0.84) if i % 2 else (0.2, 0.2, 0.2), 0.3), verts=16)
    towel = kit.fabric("Towel", rnd.choice([(0.95, 0.94, 0.9), (0.5, 0.55, 0.5), (0.7, 0.6, 0.5)]), scale=300, sheen=1.0)
    kit.cushion("Towel", (W / 2 - 0.1, 1.5, 1.1), (0.06, 0.5, 0.8), towel)
    kit.cylinder("Rail", (W / 2 - 0.06, 1.5, 1.5), 0.015, 0.7, metal, rot=(math.radians(90), 0, 0), verts=12)
    for i in range(2):
        kit.cushion("TowelFolded", (-W / 2 + 0.35, 2.3, 0.79 + i * 0.08), (0.3, 0.25, 0.08), towel)
    vase(-W / 2 + 0.35, 0.95, 0.745, 0.18)
    kit.box("BathMat", (-W / 2 + 1.0, 1.6, 0.01), (0.6, 0.9, 0.015), towel, 0.005)
    if v % 2:
        plant(-W / 2 + 0.4, D - 0.45, 1.0)  # the shower has the corner by the window
    else:
        plant(W / 2 - 0.35, D - 0.4, 1.0)
    downlights([0], [1.2, 2.6])
    cam = (W / 2 - 0.5, 0.35, 1.5)
    target = (-0.6, D - 0.6, 0.7)
elif kind == "kitchen":
    stone_top = marble if v % 2 == 0 else kit.tiles("Quartz", (0.2, 0.2, 0.2), size=3, rough=0.15, vary=0)
    doors = kit.plain("Doors", rnd.choice([(0.9, 0.9, 0.88), (0.2, 0.25, 0.22), (0.55, 0.6, 0.58)]), rough=0.35)
    # Run of units on the left wall, with open shelves.
    kit.box("Run", (-W / 2 + 0.32, D / 2 - 0.4, 0.45), (0.6, D - 1.5, 0.88), doors, 0.006)
    kit.box("RunTop", (-W / 2 + 0.33, D / 2 - 0.4, 0.91), (0.64, D - 1.5, 0.04), stone_top, 0.004)
    for i in range(int((D - 1.5) / 0.6)):
        kit.box("Gap", (-W / 2 + 0.625, 1.45 + i * 0.6 - (D - 6) / 2, 0.45), (0.004, 0.005, 0.8), black, 0)
    kit.box("Splash", (-W / 2 + 0.01, D / 2 - 0.4, 1.2), (0.02, D - 1.5, 0.55), kit.tiles("Splash", (0.88, 0.88, 0.86), size=0.15, rough=0.1), 0)
    for z in (1.65, 2.1):
        kit.box("Shelf", (-W / 2 + 0.15, D / 2 + 0.7, z), (0.3, 1.4, 0.04), wood, 0.004)
        for j in range(3):
            kit.cylinder("Jar", (-W / 2 + 0.15, D / 2 + 0.3 + j * 0.38 + rnd.uniform(-0.05, 0.05), z + 0.1), 0.05, rnd.uniform(0.12, 0.2), ceramic if j % 2 else kit.glass("Jar"), verts=20)
    kit.box("Fridge", (-W / 2 + 0.35, 0.45, 1.05), (0.7, 0.8, 2.1), doors, 0.006)
    # The island with stools and pendants.
    ix = rnd.uniform(0.2, 0.8)
    kit.box("Island", (ix, D / 2, 0.45), (1.0, 2.4, 0.88), doors if rnd.random() < 0.5 else wood, 0.006)
    kit.box("IslandTop", (ix, D / 2, 0.91), (1.1, 2.5, 0.04), stone_top, 0.004)
    fruit(ix, D / 2 + 0.5, 0.93)
    books(ix + 0.1, D / 2 - 0.6, 0.93, 2)
    # Appliances in the run: an oven under a hob, a hood, a sink with a tap.
    ox_ = -W / 2 + 0.62
    kit.box("Oven", (ox_, D / 2 - 1.2, 0.5), (0.01, 0.6, 0.6), kit.plain("OvenGlass", (0.02, 0.02, 0.02), 0.05, spec=0.8), 0.002)
    kit.box("OvenHandle", (ox_ + 0.02, D / 2 - 1.2, 0.75), (0.02, 0.5, 0.02), metal, 0.002)
    kit.box("Hob", (-W / 2 + 0.33, D / 2 - 1.2, 0.935), (0.5, 0.6, 0.008), kit.plain("HobGlass", (0.01, 0.01, 0.01), 0.05, spec=0.8), 0.002)
    kit.box("Hood", (-W / 2 + 0.3, D / 2 - 1.2, 1.9), (0.5, 0.7, 0.3), kit.plain("Steel", (0.7, 0.7, 0.7), 0.3, metal=1.0), 0.01)
    kit.box("Sink", (-W / 2 + 0.33, D / 2 + 0.4, 0.925), (0.4, 0.6, 0.01), kit.plain("Steel2", (0.6, 0.6, 0.6), 0.25, metal=1.0), 0.002)
    kit.cylinder("Tap", (-W / 2 + 0.12, D / 2 + 0.4, 1.1), 0.015, 0.35, metal, verts=12)
    for j in range(3):
        sy = D / 2 - 0.8 + j * 0.8
        kit.cylinder("StoolSeat", (ix + 0.85, sy, 0.72), 0.18, 0.05, wood, verts=32)
        kit.cylinder("StoolLeg", (ix + 0.85, sy, 0.36), 0.02, 0.7, black, verts=12)
        kit.cylinder("StoolFoot", (ix + 0.85, sy, 0.01), 0.16, 0.02, black, verts=24)
    for j in range(3):
        py = D / 2 - 0.8 + j * 0.8
        kit.cylinder("Cord", (ix, py, H - 0.4), 0.004, 0.8, black, verts=6)
        kit.sphere("Pendant", (ix, py, H - 0.9), 0.13, kit.glass("Globe", (0.98, 0.95, 0.9)))
        kit.point_light((ix, py, H - 0.9), 15, radius=0.05)
    plant(W / 2 - 0.5, D - 0.5, 1.5)
    downlights([-W / 4, W / 4], [D / 3, 2 * D / 3])
    cam = (W / 2 - 0.6, 0.4, 1.5)
    target = (-0.5, D * 0.65, 0.9)
else:  # office
    # The rental desk: a long desk, chairs for visitors, shelves of folders, plants.
    kit.box("Desk", (0, 3.0, 0.74), (2.6, 0.9, 0.05), wood, 0.01)
    kit.box("DeskFront", (0, 3.4, 0.37), (2.6, 0.05, 0.72), wood, 0.005)
    for sx_ in (-1, 1):
        kit.box("DeskLeg", (sx_ * 1.25, 3.0, 0.37), (0.05, 0.85, 0.72), black, 0.005)
    kit.box("Screen", (-0.6, 3.3, 1.0), (0.6, 0.03, 0.38), black, 0.01)
    kit.box("Laptop", (0.5, 2.9, 0.78), (0.34, 0.24, 0.02), kit.plain("Alu", (0.7, 0.7, 0.72), 0.3, 1.0), 0.003)
    for sx_ in (-0.6, 0.6):
        kit.cushion("ChairSeat", (sx_, 2.2, 0.46), (0.55, 0.5, 0.1), accent)
        kit.cushion("ChairBack", (sx_, 1.95, 0.78), (0.55, 0.1, 0.5), accent)
        kit.cylinder("ChairLeg", (sx_, 2.2, 0.22), 0.025, 0.44, black, verts=12)
    kit.cushion("Chair", (0, 3.9, 0.5), (0.6, 0.55, 0.1), black)
    kit.cushion("ChairBack", (0, 4.2, 0.85), (0.6, 0.1, 0.6), black)
    for z in (0.5, 1.0, 1.5, 2.0):
        kit.box("Shelf", (W / 2 - 0.2, 3.5, z), (0.35, 2.6, 0.03), wood, 0.004)
        for j in range(8):
            kit.box("Folder", (W / 2 - 0.22, 2.4 + j * 0.3 + rnd.uniform(-0.05, 0.05), z + 0.17), (0.28, 0.07, 0.3), kit.plain("F", tuple(rnd.uniform(0.2, 0.8) for _ in range(3)), 0.6), 0.003)
    sofa(-W / 2 + 1.2, 5.3, 2.0)
    kit.box("Rug", (0, 2.5, 0.01), (3.5, 2.5, 0.015), rug, 0.005)
    plant(-W / 2 + 0.5, D - 0.5, 1.7)
    plant(W / 2 - 0.6, D - 0.5, 1.4)
    art(-W / 2 + 0.02, 2.5, 1.6, 1.6, 1.0)
    drapes(sheer_only=True)
    books(-W / 2 + 1.2, 4.6, 0.405, 3)
    kit.box("LowTable", (-W / 2 + 1.2, 4.6, 0.2), (1.0, 0.6, 0.4), wood, 0.01)
    vase(0.9, 3.0, 0.765, 0.25)
    table_lamp(-1.0, 3.1, 0.765)
    downlights([-W / 4, 0, W / 4], [2, 4.5])
    cam = (W / 2 - 0.6, 0.4, 1.6)
    target = (-1.2, D - 1.5, 0.9)

if kind != "bathroom":
    skirting()
if kind == "living":
    air_conditioner((-W / 2, min(D - 1.2, sy + sw / 2 + 1.0), H - 0.4))
elif kind == "bedroom":
    air_conditioner((bx + rnd.choice([-1, 1]) * 0.4, 0.0, H - 0.38), along="x")
elif kind == "office":
    air_conditioner((-W / 2, 4.6, H - 0.45))
# A soft fill from behind the camera, as a photographer's bounce flash gives.
kit.area_light((cam[0], cam[1] + 0.1, H - 0.2), 2.0, 30, aim=target)
kit.camera(cam, target, lens=rnd.choice([20, 22]) if kind != "bathroom" else 17, fstop=5.6, shift_y=-0.06 if kind != "bathroom" else 0.0)
kit.render(opts)
