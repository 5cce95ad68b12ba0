"""Pool villa exteriors: a villa behind its pool, in a tropical garden.

Variants are different houses: one or two storeys, flat or hip roofs, walls of white render,
timber slats or stone; one has a Thai sala by the pool. They also change the deck, the pool, the
camera and the sun.
"""

import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
import kit  # noqa: E402

opts = kit.args()
v = opts.variant
scene = kit.reset(1000 + v)

DESIGNS = [
    # roof, storeys, walls, accent walls, deck, sun (elevation, rotation), camera side, sala
    dict(roof="flat", up=2, wall=(0.9, 0.89, 0.86), accent="stone", deck="wood", sun=(38, -40), side=-1),
    dict(roof="hip", up=1, wall=(0.88, 0.84, 0.76), accent="slats", deck="stone", sun=(28, 35), side=1, sala=True),
    dict(roof="flat", up=2, wall=(0.93, 0.93, 0.91), accent="slats", deck="stone", sun=(45, -20), side=1),
    dict(roof="hip", up=2, wall=(0.92, 0.91, 0.88), accent="stone", deck="wood", sun=(22, 55), side=-1),
    dict(roof="flat", up=1, wall=(0.91, 0.9, 0.87), accent="stone", deck="wood", sun=(40, 20), side=-1, sala=True),
    dict(roof="hip", up=1, wall=(0.84, 0.74, 0.6), accent="slats", deck="stone", sun=(33, -55), side=-1),
    dict(roof="flat", up=2, wall=(0.92, 0.9, 0.86), accent="slats", deck="stone", sun=(9, 40), side=1),
    dict(roof="hip", up=2, wall=(0.93, 0.91, 0.86), accent="wood", deck="wood", sun=(42, -10), side=0),
    dict(roof="flat", up=2, wall=(0.9, 0.86, 0.8), accent="stone", deck="wood", sun=(25, 60), side=1),
    dict(roof="hip", up=1, wall=(0.84, 0.86, 0.84), accent="plaster", deck="wood", sun=(50, 25), side=-1),
]
d = DESIGNS[v % len(DESIGNS)]
rnd = random.Random(v)

kit.sky(*d["sun"], air=1.0, dust=0.2 + 0.4 * rnd.random(), clouds=0.5)


# Materials.
wall = kit.plaster("Wall", d["wall"])
accent = {
    "stone": kit.stone("Cladding", (0.5, 0.45, 0.38), 1.5),
    "slats": kit.wood("Slats", (0.5, 0.32, 0.17), (0.28, 0.16, 0.08), 1.0, planks=False, axis="Y"),
    "wood": kit.wood("Slats", (0.42, 0.24, 0.12), (0.2, 0.1, 0.05), 1.0, planks=True, axis="Y"),
    "plaster": kit.plaster("Accent", (0.35, 0.33, 0.3)),
}[d["accent"]]
deck = (
    kit.wood("Deck", (0.38, 0.25, 0.15), (0.2, 0.12, 0.06), 1.0, rough=0.55)
    if d["deck"] == "wood"
    else kit.tiles("Paving", (0.72, 0.68, 0.6), size=0.6, rough=0.5, vary=0.05, wear=0.8)
)
pool_tile = kit.tiles("PoolTile", rnd.choice([(0.35, 0.62, 0.6), (0.45, 0.6, 0.62), (0.6, 0.62, 0.58)]), (0.8, 0.8, 0.8), size=0.12, rough=0.2)
water = kit.water("Water")
glass = kit.plain("Glazing", (0.02, 0.025, 0.03), rough=0.0, spec=0.9)
frame = kit.plain("Frame", (0.04, 0.04, 0.04), rough=0.35, metal=0.6)
roof_mat = (
    kit.plaster("Slab", (0.8, 0.79, 0.76))
    if d["roof"] == "flat"
    else kit.roof_tiles("RoofTiles", rnd.choice([(0.2, 0.18, 0.17), (0.3, 0.13, 0.08), (0.14, 0.15, 0.17)]))
)
lawn = kit.grass("Lawn")
leaf = kit.leaves("Leaf", (0.07, 0.2, 0.04))
palm_leaf = kit.leaves("PalmLeaf", (0.12, 0.22, 0.05), 0.3)
trunk = kit.palm_bark("Trunk")
cushion_mat = kit.fabric("Cushion", rnd.choice([(0.85, 0.83, 0.78), (0.55, 0.6, 0.62), (0.75, 0.7, 0.6)]))
teak = kit.wood("Teak", (0.45, 0.28, 0.15), (0.25, 0.14, 0.07), 2, planks=False)
hill = kit.canopy("Hill", (0.05, 0.09, 0.05))
inside = kit.plaster("Inside", (0.6, 0.55, 0.48))
warm = kit.emission("Warm", (1.0, 0.75, 0.45), 3.0)

kit.ground(lawn)
kit.far_hills(hill, distance=220, count=6, height=50)

# The pool: a basin sunk into a raised deck.
PW, PL, DZ = rnd.uniform(8, 11), rnd.uniform(3.2, 4.2), 1.2
PX, PY = 0.0, 2.0 + PL / 2
kit.box("PoolFloor", (PX, PY, 0.0), (PW, PL, 0.1), pool_tile, 0)
for sx in (-1, 1):
    kit.box("PoolWallX", (PX + sx * (PW / 2 + 0.05), PY, DZ / 2), (0.1, PL + 0.2, DZ), pool_tile, 0)
for sy in (-1, 1):
    kit.box("PoolWallY", (PX, PY + sy * (PL / 2 + 0.05), DZ / 2), (PW + 0.2, 0.1, DZ), pool_tile, 0)
kit.box("Water", (PX, PY, DZ / 2), (PW, PL, DZ - 0.1), water, 0)
# Deck around the pool, with a stone coping.
coping = kit.tiles("Coping", (0.85, 0.83, 0.78), size=0.5, rough=0.45, wear=0.6)
kit.box("DeckFront", (PX, PY - PL / 2 - 5.0, DZ / 2), (PW + 10, 10.0, DZ), deck, 0.01)
kit.box("DeckBack", (PX, PY + PL / 2 + 2.5, DZ / 2), (PW + 10, 5.0, DZ), deck, 0.01)
for sx in (-1, 1):
    kit.box("DeckSide", (PX + sx * (PW / 2 + 2.5), PY, DZ / 2), (5, PL, DZ), deck, 0.01)
for sx in (-1, 1):
    kit.box("Coping", (PX + sx * (PW / 2 + 0.2), PY, DZ + 0.02), (0.4, PL + 0.8, 0.05), coping, 0.01)
for sy in (-1, 1):
    # Between the side strips, which take the corners: overlapping tops render black where they meet.
    kit.box("Coping", (PX, PY + sy * (PL / 2 + 0.2), DZ + 0.02), (PW, 0.4, 0.05), coping, 0.01)

# The house.
HY = PY + PL / 2 + 3.0
HW, HD = rnd.uniform(13, 16), 7.0
H1, H2 = 3.3, 3.1
base = DZ
kit.box("Ground floor", (0, HY + HD / 2, base + H1 / 2), (HW, HD, H1), wall, 0.02)
up_w = HW * rnd.uniform(0.55, 0.75)
up_x = rnd.choice([-1, 1]) * (HW - up_w) / 2
# Hip-roofed designs are single-storey Thai villas under one big roof; the others have two floors.
single = d["up"] == 1
if not single:
    kit.box("Upper floor", (up_x, HY + HD / 2 + 0.6, base + H1 + H2 / 2), (up_w, HD - 1.2, H2), wall, 0.02)
# A feature wall in stone, timber or a darker render.
fx = -up_x * 0.8
if d["accent"] == "slats":
    # A screen of vertical timber slats (one shared mesh) in front of a dark wall.
    kit.box("Feature", (fx, HY - 0.05, base + H1 / 2), (HW * 0.22, 0.25, H1), kit.plaster("Dark", (0.12, 0.11, 0.1)), 0.01)
    slat = kit.box("Slat", (fx - HW * 0.11 + 0.05, HY - 0.25, base + H1 / 2), (0.05, 0.12, H1), accent, 0.005)
    for i in range(1, int(HW * 0.22 / 0.1)):
        c = slat.copy()
        c.location.x += i * 0.1
        kit._link(c)
else:
    kit.box("Feature", (fx, HY - 0.05, base + H1 / 2), (HW * 0.22, 0.25, H1), accent, 0.01)
# Big sliding doors on the ground floor, windows upstairs; an interior glow behind.
kit.box("Interior", (0, HY + 1.8, base + H1 / 2), (HW - 0.6, 0.1, H1 - 0.3), inside, 0)
kit.box("Lamp", (0, HY + 1.2, base + H1 - 0.35), (HW * 0.5, 0.2, 0.05), warm, 0)
gx0 = -HW / 2 + 0.6
gx1 = fx - HW * 0.11 - 0.2
gx2 = fx + HW * 0.11 + 0.2
gx3 = HW / 2 - 0.6
for a, b in ((gx0, gx1), (gx2, gx3)):
    if b - a < 1.0:
        continue
    n = max(1, round((b - a) / 2.2))
    w = (b - a) / n
    kit.box("Glass", ((a + b) / 2, HY - 0.02, base + 1.3), (b - a, 0.06, 2.6), glass, 0)
    for i in range(n + 1):
        kit.box("Mullion", (a + i * w, HY - 0.06, base + 1.3), (0.07, 0.1, 2.6), frame, 0.005)
    kit.box("Head", ((a + b) / 2, HY - 0.06, base + 2.62), (b - a, 0.1, 0.08), frame, 0.005)
ux0, ux1 = up_x - up_w / 2 + 0.8, up_x + up_w / 2 - 0.8
uy = HY + 0.6 - 0.02
n = max(2, round((ux1 - ux0) / 1.8))
for i in range(0 if single else n):
    cx = ux0 + (i + 0.5) * (ux1 - ux0) / n
    kit.box("UpGlass", (cx, uy, base + H1 + 1.45), ((ux1 - ux0) / n - 0.5, 0.06, 1.8), glass, 0)
    # The frame round the pane sits behind it, showing as a border; a mullion and a transom in front.
    gw = (ux1 - ux0) / n - 0.5
    kit.box("UpFrame", (cx, uy + 0.05, base + H1 + 1.45), (gw + 0.1, 0.04, 1.9), frame, 0.005)
    kit.box("UpMullion", (cx, uy - 0.05, base + H1 + 1.45), (0.05, 0.05, 1.8), frame, 0.004)
    kit.box("UpTransom", (cx, uy - 0.05, base + H1 + 2.0), (gw, 0.05, 0.05), frame, 0.004)
    kit.box("UpSill", (cx, uy - 0.1, base + H1 + 0.53), (gw + 0.2, 0.16, 0.05), wall, 0.01)
# Balcony railing of slim dark steel: posts, a handrail and two rails between (a glass one, seen
# through against the glazing, is more than the denoiser can tell apart from grain).
if not single:
    kit.box("Balcony", (up_x, HY - 0.6, base + H1 + 0.05), (up_w, 1.4, 0.12), roof_mat if d["roof"] == "flat" else wall, 0.01)
    ry, rz = HY - 1.26, base + H1 + 0.11
    kit.box("Handrail", (up_x, ry, rz + 1.0), (up_w, 0.06, 0.04), frame, 0.005)
    for h in (0.35, 0.68):
        kit.box("RailBar", (up_x, ry, rz + h), (up_w, 0.025, 0.025), frame, 0.003)
    posts = max(2, round(up_w / 1.3))
    for i in range(posts + 1):
        kit.box("RailPost", (up_x - up_w / 2 + 0.03 + i * (up_w - 0.06) / posts, ry, rz + 0.5), (0.04, 0.04, 1.0), frame, 0.003)

if not single:
    kit.box("Canopy", (0, HY + HD / 2 - 0.6, base + H1 + 0.05), (HW + 1.6, HD + 2.4, 0.22), kit.plaster("Soffit", (0.85, 0.84, 0.8)) if d["roof"] != "flat" else roof_mat, 0.01)
if d["roof"] == "flat" and single:
    # A thin flat roof slab overhanging the whole single storey, with a timber soffit.
    kit.box("Roof", (0, HY + HD / 2 - 0.6, base + H1 + 0.18), (HW + 2.4, HD + 2.6, 0.3), roof_mat, 0.01)
    kit.box("Soffit", (0, HY + HD / 2 - 0.6, base + H1 + 0.02), (HW + 2.3, HD + 2.5, 0.03), kit.wood("Soffit", (0.5, 0.33, 0.18), (0.3, 0.18, 0.09), 1.0), 0)
elif d["roof"] == "flat":
    kit.box("Roof", (up_x, HY + HD / 2 + 0.3, base + H1 + H2 + 0.12), (up_w + 1.8, HD + 0.4, 0.25), roof_mat, 0.01)
else:
    import bpy

    rw, rd, rx, ry, rz = (HW, HD, 0, HY + HD / 2, base + H1) if single else (up_w, HD - 1.2, up_x, HY + HD / 2 + 0.6, base + H1 + H2)
    for cx, w, z in ((rx, rw, rz),):
        bpy.ops.mesh.primitive_cone_add(vertices=4, radius1=1, radius2=0, depth=1, location=(0, 0, 0))
        r = bpy.context.active_object
        r.rotation_euler = (0, 0, math.pi / 4)
        bpy.ops.object.transform_apply(rotation=True)
        r.scale = ((w + 2.4) / math.sqrt(2), (rd + 2.4) / math.sqrt(2), 3.0 if single else 2.4)
        r.location = (cx, ry, z + (1.5 if single else 1.2))
        bpy.ops.object.transform_apply(scale=True)
        r.data.materials.append(roof_mat)

# Furniture: sun loungers with cushions, a parasol.
for i in range(rnd.choice([2, 3])):
    lx = PX - PW / 2 + 1.2 + i * 1.4
    ly = PY + PL / 2 + 1.3
    kit.box("Lounger", (lx, ly, DZ + 0.18), (0.7, 2.0, 0.1), teak, 0.01)
    for sx in (-1, 1):
        for sy in (-1, 1):
            kit.box("Leg", (lx + sx * 0.3, ly + sy * 0.9, DZ + 0.07), (0.05, 0.05, 0.14), teak, 0.005)
    kit.cushion("Pad", (lx, ly + 0.15, DZ + 0.28), (0.66, 1.6, 0.1), cushion_mat)
    kit.cushion("Back", (lx, ly - 0.78, DZ + 0.45), (0.66, 0.5, 0.1), cushion_mat, rot=(math.radians(-50), 0, 0))
if rnd.random() < 0.7:
    ux = PX + PW / 2 - 1.0
    kit.cylinder("Pole", (ux, PY + PL / 2 + 1.5, DZ + 1.2), 0.03, 2.4, teak, verts=12)
    import bpy

    bpy.ops.mesh.primitive_cone_add(vertices=8, radius1=1.5, radius2=0.05, depth=0.5, location=(ux, PY + PL / 2 + 1.5, DZ + 2.4))
    bpy.context.active_object.data.materials.append(kit.fabric("Parasol", (0.85, 0.8, 0.7)))

# A Thai sala by the pool: a raised timber platform, four posts, a steep two-tier roof, a daybed.
if d.get("sala"):
    import bpy

    sx, sy = PX + PW / 2 + 3.2, PY + 0.3
    kit.box("SalaDeck", (sx, sy, DZ + 0.2), (3.4, 3.4, 0.4), teak, 0.01)
    for ox in (-1.5, 1.5):
        for oy in (-1.5, 1.5):
            kit.box("Post", (sx + ox, sy + oy, DZ + 1.6), (0.16, 0.16, 2.6), teak, 0.01)
    kit.box("Beam", (sx, sy, DZ + 2.95), (3.5, 3.5, 0.18), teak, 0.01)
    tile = kit.roof_tiles("SalaTiles", (0.36, 0.2, 0.12), course=0.2, width=0.25)
    for w, h, z in ((5.0, 1.2, DZ + 3.6), (2.6, 1.3, DZ + 4.5)):
        bpy.ops.mesh.primitive_cone_add(vertices=4, radius1=w / math.sqrt(2), radius2=0.05, depth=h * 1.6, location=(sx, sy, z), rotation=(0, 0, math.pi / 4))
        bpy.context.active_object.data.materials.append(tile)
    kit.cushion("Daybed", (sx, sy, DZ + 0.55), (2.2, 2.2, 0.25), cushion_mat)
    for ox in (-0.6, 0.0, 0.6):
        kit.cushion("Pillow", (sx + ox, sy + 0.9, DZ + 0.85), (0.5, 0.16, 0.4), kit.fabric("SalaPillow", (0.7, 0.45, 0.25)), rot=(math.radians(-15), 0, 0))

# Garden: palms over a lush, layered tropical planting (never in a row).
bloom = kit.leaves("Bougainvillea", (0.6, 0.03, 0.28), 0.25)
plumeria = kit.leaves("Plumeria", (0.92, 0.88, 0.72), 0.05)
long_leaf = kit.leaves("LongLeaf", (0.08, 0.22, 0.04), 0.35)
bract = kit.plain("Heliconia", (0.85, 0.18, 0.05), 0.45)
bark = kit.palm_bark("Bark", (0.36, 0.34, 0.31))
spots = [(-HW / 2 - 2.5, HY + 1, 8.5), (HW / 2 + 2.0, HY - 1, 7.5), (-HW / 2 - 4.5, 3, 6.5), (HW / 2 + 5, HY + 6, 9.5), (-HW / 2 + 1, HY + HD + 3, 9)]
for x, y, h in spots:
    kit.palm((x + rnd.uniform(-1, 1), y + rnd.uniform(-1, 1), 0), h * rnd.uniform(0.85, 1.1), (rnd.uniform(-0.08, 0.08), rnd.uniform(-0.04, 0.04)), palm_leaf, trunk, fronds=rnd.randint(14, 18))
# Frangipani at a corner of the house, bougainvillea and hedges along the sides.
fside = rnd.choice([-1, 1])
kit.frangipani((fside * (HW / 2 + 1.6), HY - 1.5, 0), rnd.uniform(3.5, 4.5), long_leaf, bark, plumeria)
for sx in (-1, 1):
    x0 = sx * (PW / 2 + 5.4)
    kit.hedge((x0, -6, 0), (x0, HY - 0.5, 0), 1.1, 0.8, leaf)
for i in range(6):
    side = -1 if i % 2 else 1
    kit.bush((side * (HW / 2 + rnd.uniform(0.8, 3.5)), rnd.uniform(HY - 4, HY + HD), 0), rnd.uniform(0.7, 1.2), leaf, flowers=bloom if i % 3 == 0 else None, bloom=0.5)
# Beds against the house: heliconia, ferns and groundcover.
for sx in (-1, 1):
    bx = sx * (HW / 2 + 0.9)
    kit.paddle_clump((bx, HY + 1.5, DZ if abs(bx) < PW / 2 + 5 else 0), 1.8, long_leaf, bract, n=8)
    kit.fern((bx + sx * 0.8, HY + 0.3, 0), 0.7, leaf)
for i in range(5):
    kit.bush((rnd.uniform(-HW / 2, HW / 2), HY + HD + rnd.uniform(1, 4), 0), rnd.uniform(1.0, 1.8), leaf, flowers=bloom if i == 2 else None)
# Big glazed pots on the deck at the pool's near corners, planted with heliconia or palms.
pot = kit.plain("Pot", rnd.choice([(0.2, 0.2, 0.19), (0.75, 0.72, 0.66)]), rough=0.3, spec=0.6)
for sx in (-1, 1):
    x, y = PX + sx * (PW / 2 + 1.3), PY - PL / 2 - 0.6
    kit.cylinder("Pot", (x, y, DZ + 0.35), 0.35, 0.7, pot, verts=40)
    kit.paddle_clump((x, y, DZ + 0.65), 1.5, long_leaf, bract if sx > 0 else None, n=7)
# Low beds along the house front, in front of the walls.
kit.groundcover((0, HY - 0.45, DZ), (HW - 1.0, 0.5), leaf)

# The plot's boundary: a rendered garden wall on each side with the neighbours' trees over it,
# so no bare land runs to the horizon.
boundary = kit.plaster("BoundaryWall", (0.84, 0.82, 0.78))
for sx in (-1, 1):
    x0 = sx * (HW / 2 + 9)
    kit.box("BoundaryWall", (x0, (HY + HD - 8) / 2, 1.1), (0.25, HY + HD + 16, 2.2), boundary, 0.01)
    kit.box("WallCap", (x0, (HY + HD - 8) / 2, 2.24), (0.35, HY + HD + 16, 0.08), boundary, 0.01)
    for i in range(5):
        spread = rnd.uniform(5, 7.5)
        kit.tree((x0 + sx * rnd.uniform(2, 6), rnd.uniform(-6, HY + HD + 6), 0), spread * rnd.uniform(1.0, 1.3), spread, leaf, bark)
# Background jungle behind the house: broad shade trees, lower shrubs under them, and more palms.
for i in range(11):
    spread = rnd.uniform(6, 10)
    kit.tree((rnd.uniform(-40, 40), HY + HD + rnd.uniform(6, 22), 0), spread * rnd.uniform(1.0, 1.4), spread, leaf, bark)
for i in range(6):
    kit.bush((rnd.uniform(-30, 30), HY + HD + rnd.uniform(3, 8), 0), rnd.uniform(1.2, 2.0), leaf, lumps=3)
for i in range(6):
    kit.palm((rnd.uniform(-25, 25), HY + HD + rnd.uniform(4, 14), 0), rnd.uniform(9, 13), (rnd.uniform(-0.05, 0.05), 0), palm_leaf, trunk, fronds=14)

# Camera: standing on the terrace in front of the pool at eye level, held level (verticals
# straight) with the lens shifted up; the hero (variant 6) has the whole house at sunset.
side = d["side"]
if v == 6:
    kit.camera((-4.5, -3.5, DZ + 1.45), (0.8, HY + 1, DZ + 1.45), lens=22, fstop=8, shift_y=0.12)
else:
    cx = side * rnd.uniform(3, 5) + rnd.uniform(-1, 1)
    y = -rnd.uniform(3.2, 4.2)
    kit.camera((cx, y, DZ + 1.45), (cx * 0.3, HY + 1, DZ + 1.45), lens=rnd.choice([22, 24]), fstop=8, shift_y=0.06 if single else 0.12)
scene.view_settings.exposure = -0.25
kit.render(opts)
