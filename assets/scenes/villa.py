"""Pool villa exteriors: a villa behind its pool, in a tropical garden.

Variants are different houses: one or two storeys, flat or hip roofs, walls of white render,
timber slats or stone; one has a Thai sala by the pool. They also change the deck, the pool, the
camera and the sun. Each storey is built as walls round a room, so the glazing shows furnished
rooms with their lamps on, and the render of the walls is a little weathered.
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
wall = kit.plaster("Wall", d["wall"], weather=0.6)
accent = {
    "stone": kit.stone("Cladding", (0.5, 0.45, 0.38), 1.5),
    "slats": kit.wood("Slats", (0.5, 0.32, 0.17), (0.28, 0.16, 0.08), 1.0, planks=False, axis="Y"),
    "wood": kit.wood("Slats", (0.42, 0.24, 0.12), (0.2, 0.1, 0.05), 1.0, planks=True, axis="Y"),
    "plaster": kit.plaster("Accent", (0.35, 0.33, 0.3)),
}[d["accent"]]
deck = (
    kit.wood("Deck", (0.38, 0.25, 0.15), (0.2, 0.12, 0.06), 1.0, rough=0.55)
    if d["deck"] == "wood"
    else kit.tiles("Paving", (0.72, 0.68, 0.6), (0.42, 0.4, 0.36), size=0.6, rough=0.5, vary=0.1, wear=0.8, long=1.5, bond=0.5)
)
pool_tile = kit.tiles("PoolTile", rnd.choice([(0.35, 0.62, 0.6), (0.45, 0.6, 0.62), (0.6, 0.62, 0.58)]), (0.8, 0.8, 0.8), size=0.12, rough=0.2)
water = kit.water("Water")
glass = kit.window_glass("Glazing", (0.96, 0.98, 0.98), pull=0.5)
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
towel = kit.fabric("Towel", (0.9, 0.9, 0.88), scale=120, sheen=0.4)
teak = kit.wood("Teak", (0.45, 0.28, 0.15), (0.25, 0.14, 0.07), 2, planks=False)
hill = kit.canopy("Hill", (0.05, 0.09, 0.05))

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

# The house: each storey is walls round a room, the glazing in openings through the front wall,
# so the rooms show through the glass as they do in a photograph.
HY = PY + PL / 2 + 3.0
HW, HD = rnd.uniform(13, 16), 7.0
H1, H2 = 3.3, 3.1
base = DZ
T = 0.25  # wall thickness


def block(name, x0, x1, y0, y1, z0, z1, mat, bevel=0.01):
    """A box given by its extents."""
    return kit.box(name, ((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2), (x1 - x0, y1 - y0, z1 - z0), mat, bevel)


def storey(name, x0, x1, y0, y1, z0, z1, openings):
    """Four walls and a ceiling slab; `openings` (left, right, bottom, top) go through the front
    wall (at y0), between piers, sills and heads."""
    edges = [x0]
    for ox0, ox1, oz0, oz1 in sorted(openings):
        edges += [ox0, ox1]
        if oz0 > z0:
            block(name + " sill", ox0, ox1, y0, y0 + T, z0, oz0, wall, 0)
        block(name + " head", ox0, ox1, y0, y0 + T, oz1, z1, wall, 0)
    edges.append(x1)
    for px0, px1 in zip(edges[::2], edges[1::2]):
        if px1 - px0 > 0.01:
            block(name + " pier", px0, px1, y0, y0 + T, z0, z1, wall, 0)
    block(name + " back", x0, x1, y1 - T, y1, z0, z1, wall, 0.02)
    for sx0 in (x0, x1 - T):
        block(name + " side", sx0, sx0 + T, y0 + T, y1 - T, z0, z1, wall, 0.02)
    block(name + " ceiling", x0 + T, x1 - T, y0 + T, y1 - T, z1 - 0.25, z1, wall, 0)


up_w = HW * rnd.uniform(0.55, 0.75)
up_x = rnd.choice([-1, 1]) * (HW - up_w) / 2
# Hip-roofed designs are single-storey Thai villas under one big roof; the others have two floors.
single = d["up"] == 1
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
# Big sliding doors on the ground floor, set in the wall's thickness.
gx0 = -HW / 2 + 0.6
gx1 = fx - HW * 0.11 - 0.2
gx2 = fx + HW * 0.11 + 0.2
gx3 = HW / 2 - 0.6
spans = [(a, b) for a, b in ((gx0, gx1), (gx2, gx3)) if b - a >= 1.0]
storey("Ground floor", -HW / 2, HW / 2, HY, HY + HD, base, base + H1, [(a, b, base, base + 2.6) for a, b in spans])
gy = HY + T / 2
for a, b in spans:
    n = max(1, round((b - a) / 2.2))
    w = (b - a) / n
    kit.box("Glass", ((a + b) / 2, gy, base + 1.3), (b - a, 0.03, 2.6), glass, 0)
    for i in range(n + 1):
        kit.box("Mullion", (a + i * w, gy - (0.03 if 0 < i < n else 0), base + 1.3), (0.07, 0.1, 2.6), frame, 0.005)
    kit.box("Head", ((a + b) / 2, gy, base + 2.56), (b - a, 0.1, 0.08), frame, 0.005)
    kit.box("Track", ((a + b) / 2, gy, base + 0.02), (b - a, 0.12, 0.04), frame, 0.003)
# Windows upstairs, each in its own opening, with a frame, a mullion and a transom.
ux0, ux1 = up_x - up_w / 2 + 0.8, up_x + up_w / 2 - 0.8
uy = HY + 0.6 + T / 2
n = max(2, round((ux1 - ux0) / 1.8))
gw = (ux1 - ux0) / n - 0.5
windows = [ux0 + (i + 0.5) * (ux1 - ux0) / n for i in range(0 if single else n)]
if not single:
    storey("Upper floor", up_x - up_w / 2, up_x + up_w / 2, HY + 0.6, HY + HD, base + H1, base + H1 + H2, [(cx - gw / 2, cx + gw / 2, base + H1 + 0.55, base + H1 + 2.35) for cx in windows])
for cx in windows:
    z = base + H1 + 1.45
    kit.box("UpGlass", (cx, uy, z), (gw, 0.03, 1.8), glass, 0)
    for sx in (-1, 1):
        kit.box("UpFrame", (cx + sx * (gw / 2 - 0.03), uy, z), (0.06, 0.08, 1.8), frame, 0.004)
    for sz in (-1, 1):
        kit.box("UpFrame", (cx, uy, z + sz * 0.87), (gw, 0.08, 0.06), frame, 0.004)
    kit.box("UpMullion", (cx, uy - 0.04, z), (0.05, 0.05, 1.8), frame, 0.004)
    kit.box("UpTransom", (cx, uy - 0.04, z + 0.55), (gw, 0.05, 0.05), frame, 0.004)
    kit.box("UpSill", (cx, HY + 0.6 - 0.06, base + H1 + 0.53), (gw + 0.2, 0.16, 0.05), wall, 0.01)

# The rooms behind the glass: a living room and a dining room on the ground floor, bedrooms
# with sheer curtains upstairs, lamps on as for a photograph. Their own random numbers, so the
# garden keeps its layout.
garden_state = random.getstate()
room_rnd = random.Random(500 + v)
fz = base + 0.03
floor = kit.tiles("Floor", room_rnd.choice([(0.8, 0.78, 0.74), (0.62, 0.6, 0.56)]), (0.6, 0.58, 0.55), size=0.8, rough=0.15, vary=0.03)
block("Floor", -HW / 2 + T, HW / 2 - T, HY + T, HY + HD - T, 0, fz, floor, 0)
uph = kit.fabric("Sofa", room_rnd.choice([(0.75, 0.72, 0.66), (0.42, 0.44, 0.42), (0.6, 0.55, 0.47)]))
pillow = kit.fabric("Pillow", room_rnd.choice([(0.55, 0.3, 0.15), (0.2, 0.3, 0.35), (0.7, 0.6, 0.35)]))
dark = kit.plain("Black", (0.03, 0.03, 0.03), rough=0.4, metal=0.5)
shade = kit.emission("Shade", (1.0, 0.66, 0.36), 1.8)
linen = kit.fabric("Sheer", (0.93, 0.91, 0.87), scale=80, sheen=0.8)
rug = kit.fabric("Rug", room_rnd.choice([(0.7, 0.66, 0.58), (0.45, 0.42, 0.38)]), scale=200, sheen=0.3)
leafm = kit.leaves("HouseLeaf", (0.04, 0.16, 0.03), 0.3)
back = HY + HD - T


paints = {}


def painting(x, z, w, h):
    """A framed canvas of two colour fields on the back wall (one material per colour)."""
    block("Frame", x - w / 2 - 0.03, x + w / 2 + 0.03, back - 0.04, back, z - h / 2 - 0.03, z + h / 2 + 0.03, dark, 0.005)
    pair = room_rnd.choice([((0.75, 0.55, 0.35), (0.25, 0.35, 0.4)), ((0.85, 0.8, 0.7), (0.5, 0.35, 0.25)), ((0.3, 0.4, 0.3), (0.8, 0.75, 0.6))])
    for c, z0, z1 in zip(pair, (z, z - h / 2), (z + h / 2, z)):
        if c not in paints:
            paints[c] = kit.plain("Paint", c, 0.8)
        block("Canvas", x - w / 2, x + w / 2, back - 0.05, back - 0.04, z0, z1, paints[c], 0)


def pendant(x, y, top, drop):
    kit.cylinder("Cord", (x, y, top - drop / 2), 0.006, drop, dark, verts=6)
    kit.cylinder("Pendant", (x, y, top - drop), 0.2, 0.22, shade, verts=32)
    kit.point_light((x, y, top - drop - 0.15), 40, radius=0.1)


def living(a, b):
    x = (a + b) / 2
    sw = min(2.6, b - a - 1.0)
    sy = back - 0.7
    kit.turned(lambda: kit.sofa(0, 0, sw, uph, pillow, dark, room_rnd), (x, sy, 0), math.pi, lift=fz)
    block("Rug", x - 1.6, x + 1.6, sy - 3.2, sy + 0.2, fz, fz + 0.01, rug, 0)
    block("CoffeeTable", x - 0.6, x + 0.6, sy - 2.1, sy - 1.5, fz + 0.32, fz + 0.38, teak, 0.01)
    block("TableBase", x - 0.45, x + 0.45, sy - 2.0, sy - 1.6, fz, fz + 0.32, teak, 0.01)
    ex = x + (sw / 2 + 0.45) * room_rnd.choice([-1, 1])
    kit.cylinder("LampPole", (ex, sy, fz + 0.75), 0.015, 1.5, dark, verts=8)
    kit.cylinder("LampShade", (ex, sy, fz + 1.55), 0.22, 0.3, shade, verts=32)
    kit.point_light((ex, sy, fz + 1.5), 30, radius=0.1)
    painting(x, fz + 1.75, min(1.8, sw * 0.7), 0.9)
    kit.leafy_plant((b - 0.5, HY + T + 0.6, fz), 1.6, kit.plain("Planter", (0.2, 0.2, 0.19), 0.4), leafm, leaves_n=16)


def dining(a, b):
    x, y = (a + b) / 2, HY + HD / 2 + 0.3
    block("DiningTop", x - 1.1, x + 1.1, y - 0.5, y + 0.5, fz + 0.72, fz + 0.76, teak, 0.01)
    for sx in (-1, 1):
        block("DiningLeg", x + sx * 0.9 - 0.04, x + sx * 0.9 + 0.04, y - 0.4, y + 0.4, fz, fz + 0.72, teak, 0.005)
    for i in range(3):
        cx = x - 0.7 + 0.7 * i
        for sy in (-1, 1):
            cy = y + sy * 0.75
            block("ChairSeat", cx - 0.22, cx + 0.22, cy - 0.22, cy + 0.22, fz + 0.43, fz + 0.47, uph, 0.01)
            block("ChairBack", cx - 0.22, cx + 0.22, cy + sy * 0.2 - 0.02, cy + sy * 0.2 + 0.02, fz + 0.47, fz + 0.9, teak, 0.005)
            for lx in (cx - 0.19, cx + 0.17):
                for ly in (cy - 0.19, cy + 0.17):
                    block("ChairLeg", lx, lx + 0.02, ly, ly + 0.02, fz, fz + 0.43, dark, 0)
    for px in (x - 0.6, x + 0.6):
        pendant(px, y, base + H1 - 0.25, 0.9)
    painting(x, fz + 1.6, 1.2, 0.8)
    block("Sideboard", x - 1.0, x + 1.0, back - 0.45, back, fz, fz + 0.8, teak, 0.01)


def curtains(cx):
    """Sheer curtains gathered to each side of the upstairs window at `cx`, floor to ceiling."""
    cy = HY + 0.6 + T + 0.1
    for sx in (-1, 1):
        kit.pleated((cx + sx * (gw / 2 + 0.15), cy), (-sx, 0), gw * room_rnd.uniform(0.25, 0.45), base + H1 + 0.2, base + H1 + 2.7, linen, depth=0.04)


if spans:
    wide = max(spans, key=lambda s: s[1] - s[0])
    living(*wide)
    for a, b in spans:
        if (a, b) != wide:
            dining(a, b)
# Daylight bounces round a real room more than two bounces carry; a soft warm fill under each
# ceiling stands in for the rest.
kit.area_light((0, HY + HD / 2, base + H1 - 0.35), HW - 1, 70, (1.0, 0.9, 0.78), aim=(0, HY + HD / 2, 0), size_y=HD - 1)
for cx in windows:
    curtains(cx)
if windows:
    kit.area_light((up_x, HY + HD / 2 + 0.6, base + H1 + H2 - 0.35), up_w - 1, 40, (1.0, 0.9, 0.78), aim=(up_x, HY + HD / 2 + 0.6, 0), size_y=HD - 2)
    for cx in windows[:: max(1, len(windows) // 2)]:
        pendant(cx, HY + HD / 2 + 1.0, base + H1 + H2 - 0.25, 0.5)
random.setstate(garden_state)

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
    # A rolled towel on each, as the housekeeper leaves them.
    kit.cylinder("Towel", (lx, ly - 0.42, DZ + 0.4), 0.07, 0.5, towel, rot=(0, math.pi / 2, 0), verts=24)
if rnd.random() < 0.7:
    ux = PX + PW / 2 - 1.0
    kit.parasol(ux, PY + PL / 2 + 1.5, DZ, kit.fabric("Parasol", (0.85, 0.8, 0.7)), teak, 1.5, 2.45)

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
boundary = kit.plaster("BoundaryWall", (0.84, 0.82, 0.78), weather=1.0)
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


def neighbours_hedge(p0, p1, height, depth, rng):
    """The neighbours' hedge from p0 to p1: sections a few metres long, each clipped to its own
    height and line and lumpier than a garden's own hedge, as one left to grow between trims."""
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    at = 0.0
    while at < length:
        run = min(rng.uniform(3.0, 7.0), length - at)
        off = rng.uniform(-0.35, 0.35)
        a = (x0 + ux * at - uy * off, y0 + uy * at + ux * off, 0)
        b = (x0 + ux * (at + run + 0.4) - uy * off, y0 + uy * (at + run + 0.4) + ux * off, 0)
        kit.hedge(a, b, height * rng.uniform(0.75, 1.25), depth * rng.uniform(0.85, 1.2), leaf, lumps=0.3)
        at += run


# The neighbours' tall hedges beyond the garden walls, along the sides and across the back, so
# no bare lawn runs to the horizon between the trees (planted last: the other plants keep the
# shapes they were composed with).
far = HY + HD + 50
hedges = random.Random(900 + v)
for sx in (-1, 1):
    neighbours_hedge((sx * (HW / 2 + 10.2), -10), (sx * (HW / 2 + 10.2), far), 3.4, 1.4, hedges)
neighbours_hedge((-HW / 2 - 10.2, far), (HW / 2 + 10.2, far), 3.4, 1.4, hedges)

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
