"""Shared building blocks for the demo picture scenes (Blender 3.4, Cycles on the CPU).

Everything is procedural: no downloaded textures, skies or models. A scene script imports this
module, builds its geometry with the helpers below and calls `render()`.
"""

import argparse
import functools
import math
import os
import random
import sys
import time

import bpy
from mathutils import Vector


def args():
    """Command-line options after Blender's `--`."""
    argv = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    p = argparse.ArgumentParser()
    p.add_argument("--variant", type=int, default=0)
    p.add_argument("--out", default="/tmp/scene.png")
    p.add_argument("--width", type=int, default=1600)
    p.add_argument("--height", type=int, default=1000)
    p.add_argument("--samples", type=int, default=64)
    p.add_argument("--preview", action="store_true")
    p.add_argument("--raw", action="store_true", help="the path tracer's output as it is, not denoised")
    return p.parse_args(argv)


def reset(seed):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    random.seed(seed)
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    cy = scene.cycles
    cy.device = "CPU"
    cy.use_adaptive_sampling = True
    cy.adaptive_threshold = 0.02
    cy.max_bounces = 6
    cy.diffuse_bounces = 2
    cy.glossy_bounces = 2
    cy.transmission_bounces = 6
    cy.transparent_max_bounces = 8
    cy.sample_clamp_direct = 8.0
    cy.sample_clamp_indirect = 2.0
    cy.blur_glossy = 1.0
    cy.caustics_reflective = False
    cy.caustics_refractive = False
    cy.use_denoising = False
    cy.seed = seed
    scene.view_settings.view_transform = "Filmic"
    scene.view_settings.look = "Medium High Contrast"
    scene.render.film_transparent = False
    scene.render.threads_mode = "FIXED"
    scene.render.threads = 2
    return scene


# ---------------------------------------------------------------- world and light


_SKY = {}


def sky(sun_elevation=35.0, sun_rotation=120.0, strength=1.0, air=1.0, dust=1.0, ozone=1.0, clouds=0.4, seed=None):
    """Nishita daylight sky plus a matching sun lamp (sharper shadows than the sky disc alone),
    with fair-weather cumulus over it: `clouds` is the share of sky they cover (0 for none)."""
    world = bpy.data.worlds.new("World")
    bpy.context.scene.world = world
    world.use_nodes = True
    nt = world.node_tree
    nt.nodes.clear()
    tex = nt.nodes.new("ShaderNodeTexSky")
    tex.sky_type = "NISHITA"
    tex.sun_disc = False
    tex.sun_elevation = math.radians(sun_elevation)
    tex.sun_rotation = math.radians(sun_rotation)
    tex.altitude = 10
    tex.air_density = air
    tex.dust_density = dust
    tex.ozone_density = ozone
    _SKY.update(sun_elevation=tex.sun_elevation, sun_rotation=tex.sun_rotation, altitude=10, air_density=air, dust_density=dust, ozone_density=ozone, strength=0.22 * strength)
    bg = nt.nodes.new("ShaderNodeBackground")
    bg.inputs["Strength"].default_value = 0.22 * strength
    out = nt.nodes.new("ShaderNodeOutputWorld")
    color = tex.outputs["Color"]
    if clouds > 0:
        color = _clouds(nt, color, clouds, random.uniform(0, 100) if seed is None else seed, sun_elevation)
    nt.links.new(color, bg.inputs["Color"])
    nt.links.new(bg.outputs["Background"], out.inputs["Surface"])
    # The sun lamp points along the sky's sun direction.
    sun = bpy.data.lights.new("Sun", "SUN")
    warm = max(0.0, min(1.0, (25 - sun_elevation) / 25))
    sun.color = (1.0, 0.93 - 0.2 * warm, 0.84 - 0.35 * warm)
    sun.energy = (4.5 if sun_elevation > 15 else 3.0) * strength
    sun.angle = math.radians(0.6)  # a little over the real sun's 0.53°: its glint in glass stays a spark, not a disc
    obj = bpy.data.objects.new("Sun", sun)
    bpy.context.collection.objects.link(obj)
    el = math.radians(sun_elevation)
    rot = math.radians(sun_rotation)
    direction = Vector((math.sin(rot) * math.cos(el), -math.cos(rot) * math.cos(el), math.sin(el)))
    obj.rotation_euler = direction.to_track_quat("Z", "Y").to_euler()
    return obj


def _clouds(nt, sky_color, cover, seed, sun_elevation):
    """Cumulus on a flat cloud deck: the view direction is projected onto a plane overhead, so
    clouds crowd together and shrink towards the horizon as real ones do. They take the sky's
    own brightness (dimmer and warmer with a low sun), lit tops and greyer undersides."""
    def node(kind, **inputs):
        n = nt.nodes.new(kind)
        for k, v in inputs.items():
            n.inputs[k].default_value = v
        return n

    math_ = functools.partial(_math, nt)

    tc = nt.nodes.new("ShaderNodeTexCoord")
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(tc.outputs["Generated"], sep.inputs["Vector"])
    up = math_("MAXIMUM", sep.outputs["Z"], 0.015)
    comb = nt.nodes.new("ShaderNodeCombineXYZ")
    nt.links.new(math_("DIVIDE", sep.outputs["X"], up), comb.inputs["X"])
    nt.links.new(math_("DIVIDE", sep.outputs["Y"], up), comb.inputs["Y"])
    comb.inputs["Z"].default_value = seed * 7.3
    shape = node("ShaderNodeTexNoise", Scale=0.55, Detail=9.0, Roughness=0.62, Distortion=0.25)
    nt.links.new(comb.outputs["Vector"], shape.inputs["Vector"])
    lit = node("ShaderNodeTexNoise", Scale=1.7, Detail=4.0, Roughness=0.5)
    nt.links.new(comb.outputs["Vector"], lit.inputs["Vector"])
    # Coverage: the noise above a threshold, softly; none straight down or below the horizon.
    edge = 0.62 - 0.22 * cover
    density = node("ShaderNodeMapRange", **{"From Min": edge, "From Max": edge + 0.07})
    density.interpolation_type = "SMOOTHSTEP"
    nt.links.new(shape.outputs["Fac"], density.inputs["Value"])
    horizon = node("ShaderNodeMapRange", **{"From Min": 0.0, "From Max": 0.06})
    horizon.interpolation_type = "SMOOTHSTEP"
    nt.links.new(sep.outputs["Z"], horizon.inputs["Value"])
    amount = math_("MULTIPLY", density.outputs["Result"], horizon.outputs["Result"])
    amount = math_("MULTIPLY", amount, 0.95)
    # Their colour: the sky's brightness, whiter and a little above it, shaded by the second noise.
    ref = nt.nodes.new("ShaderNodeTexSky")
    src = next(n for n in nt.nodes if n.type == "TEX_SKY" and n != ref)
    ref.sky_type = "NISHITA"
    ref.sun_disc = False
    for k in ("sun_elevation", "sun_rotation", "altitude", "air_density", "dust_density", "ozone_density"):
        setattr(ref, k, getattr(src, k))
    # Lit by the same sun as the sky near the horizon, whatever way the camera looks.
    toward = nt.nodes.new("ShaderNodeCombineXYZ")
    toward.inputs["X"].default_value = math.sin(src.sun_rotation)
    toward.inputs["Y"].default_value = -math.cos(src.sun_rotation)
    toward.inputs["Z"].default_value = 0.25
    nt.links.new(toward.outputs["Vector"], ref.inputs["Vector"])
    bw = nt.nodes.new("ShaderNodeRGBToBW")
    nt.links.new(ref.outputs["Color"], bw.inputs["Color"])
    shade = node("ShaderNodeMapRange", **{"From Min": 0.3, "From Max": 0.7, "To Min": 0.72, "To Max": 1.25})
    nt.links.new(lit.outputs["Fac"], shade.inputs["Value"])
    warm = max(0.0, min(1.0, (20 - sun_elevation) / 20))
    # With the sun low, the clouds are lit from the side and below: dimmer, and golden.
    bright = math_("MULTIPLY", math_("MULTIPLY", bw.outputs["Val"], shade.outputs["Result"]), 1.9 * (1 - 0.45 * warm))
    tint = nt.nodes.new("ShaderNodeCombineRGB")
    for i, c in enumerate((1.0, 0.97 - 0.32 * warm, 0.94 - 0.6 * warm)):
        nt.links.new(math_("MULTIPLY", bright, c), tint.inputs[i])
    return _mix(nt, sky_color, tint.outputs["Image"], fac=amount)


def area_light(loc, size, energy, color=(1, 0.97, 0.92), aim=(0, 0, 0), size_y=None):
    light = bpy.data.lights.new("Area", "AREA")
    light.energy = energy
    light.color = color
    if size_y is None:
        light.size = size
    else:
        light.shape = "RECTANGLE"
        light.size = size
        light.size_y = size_y
    obj = bpy.data.objects.new("Area", light)
    bpy.context.collection.objects.link(obj)
    obj.location = loc
    obj.rotation_euler = (Vector(aim) - Vector(loc)).to_track_quat("-Z", "Y").to_euler()
    obj.visible_camera = False
    return obj


def point_light(loc, energy, color=(1, 0.8, 0.55), radius=0.05):
    light = bpy.data.lights.new("Lamp", "POINT")
    light.energy = energy
    light.color = color
    light.shadow_soft_size = radius
    obj = bpy.data.objects.new("Lamp", light)
    bpy.context.collection.objects.link(obj)
    obj.location = loc
    return obj


def camera(loc, target, lens=28, fstop=None, focus=None, shift_y=0.0, level=True):
    """A camera aimed at `target`; level by default (verticals stay straight, framing by shift)."""
    if level:
        focus = focus or (Vector(target) - Vector(loc)).length
        target = (target[0], target[1], loc[2])
    cam = bpy.data.cameras.new("Camera")
    cam.lens = lens
    cam.sensor_width = 36
    # Far enough for the sea and the islands on the horizon.
    cam.clip_start = 0.05
    cam.clip_end = 500000
    cam.shift_y = shift_y
    obj = bpy.data.objects.new("Camera", cam)
    bpy.context.collection.objects.link(obj)
    obj.location = loc
    obj.rotation_euler = (Vector(target) - Vector(loc)).to_track_quat("-Z", "Y").to_euler()
    if fstop:
        cam.dof.use_dof = True
        cam.dof.aperture_fstop = fstop
        cam.dof.focus_distance = focus or (Vector(target) - Vector(loc)).length
    bpy.context.scene.camera = obj
    return obj


# ---------------------------------------------------------------- materials


def _mat(name):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    bsdf = nt.nodes["Principled BSDF"]
    return m, nt, bsdf


def _coord(nt, scale=1.0, generated=False):
    tc = nt.nodes.new("ShaderNodeTexCoord")
    mp = nt.nodes.new("ShaderNodeMapping")
    mp.inputs["Scale"].default_value = (scale, scale, scale)
    nt.links.new(tc.outputs["Generated" if generated else "Object"], mp.inputs["Vector"])
    return mp.outputs["Vector"]


def _bump(nt, bsdf, height_socket, strength=0.2, distance=0.02):
    b = nt.nodes.new("ShaderNodeBump")
    b.inputs["Strength"].default_value = strength
    b.inputs["Distance"].default_value = distance
    nt.links.new(height_socket, b.inputs["Height"])
    nt.links.new(b.outputs["Normal"], bsdf.inputs["Normal"])
    return b


def _math(nt, op, a, b=None):
    """A Math node of `op` on two inputs, each a number or a socket to link; its output socket."""
    n = nt.nodes.new("ShaderNodeMath")
    n.operation = op
    for i, x in enumerate((a, b)):
        if x is None:
            continue
        if isinstance(x, (int, float)):
            n.inputs[i].default_value = x
        else:
            nt.links.new(x, n.inputs[i])
    return n.outputs[0]


def _mix(nt, a, b, blend="MIX", fac=1.0):
    """A MixRGB node blending `a` with `b` (each a socket or an RGB tuple) by `fac` (a number or a
    socket); its colour output."""
    n = nt.nodes.new("ShaderNodeMixRGB")
    n.blend_type = blend
    for socket, x in (("Fac", fac), ("Color1", a), ("Color2", b)):
        if isinstance(x, (int, float)):
            n.inputs[socket].default_value = x
        elif isinstance(x, tuple):
            n.inputs[socket].default_value = (*x, 1)
        else:
            nt.links.new(x, n.inputs[socket])
    return n.outputs["Color"]


def _ramp(nt, fac, c1, c2, p1=0.0, p2=1.0):
    r = nt.nodes.new("ShaderNodeValToRGB")
    r.color_ramp.elements[0].position = p1
    r.color_ramp.elements[0].color = (*c1, 1)
    r.color_ramp.elements[1].position = p2
    r.color_ramp.elements[1].color = (*c2, 1)
    nt.links.new(fac, r.inputs["Fac"])
    return r.outputs["Color"]


def plain(name, color, rough=0.5, metal=0.0, spec=0.5, sheen=0.0):
    m, nt, bsdf = _mat(name)
    bsdf.inputs["Base Color"].default_value = (*color, 1)
    bsdf.inputs["Roughness"].default_value = rough
    bsdf.inputs["Metallic"].default_value = metal
    bsdf.inputs["Specular"].default_value = spec
    bsdf.inputs["Sheen"].default_value = sheen
    return m


def _noise(nt, vector, scale, detail):
    """A Noise Texture node at `scale` and `detail` over `vector` (a socket); its Fac output."""
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = scale
    n.inputs["Detail"].default_value = detail
    nt.links.new(vector, n.inputs["Vector"])
    return n.outputs["Fac"]


def plaster(name, color, scale=3.0, bump=0.08, weather=0.0):
    """Painted smooth render: an even colour, a very fine trowelled bump and a satin sheen.
    `weather` (0 to 1) ages outside walls as the monsoon does: faint grey streaks run down from
    ledges and patches of the paint are a shade duller."""
    m, nt, bsdf = _mat(name)
    v = _coord(nt, 1.0)
    lo = tuple(c * 0.985 for c in color)
    hi = tuple(min(1.0, c * 1.01) for c in color)
    paint = _ramp(nt, _noise(nt, v, 0.5, 1), lo, hi, 0.3, 0.7)
    if weather > 0:
        # In world space, so neighbouring walls age alike; stretched upright into streaks.
        pos = nt.nodes.new("ShaderNodeNewGeometry").outputs["Position"]
        stretch = nt.nodes.new("ShaderNodeMapping")
        stretch.inputs["Scale"].default_value = (7.0, 7.0, 0.45)
        nt.links.new(pos, stretch.inputs["Vector"])
        streaks = _ramp(nt, _noise(nt, stretch.outputs["Vector"], 1.0, 4), (0, 0, 0), (1, 1, 1), 0.5, 0.75)
        patches = _ramp(nt, _noise(nt, pos, 0.35, 3), (0, 0, 0), (0.5, 0.5, 0.5), 0.45, 0.7)
        grime = tuple(c * 0.8 for c in (0.62, 0.6, 0.56))
        paint = _mix(nt, paint, grime, "MULTIPLY", _math(nt, "MULTIPLY", _math(nt, "ADD", streaks, patches), 0.22 * weather))
    nt.links.new(paint, bsdf.inputs["Base Color"])
    _bump(nt, bsdf, _noise(nt, v, 350.0, 2), min(bump, 0.08) * 0.6, 0.0015)
    bsdf.inputs["Roughness"].default_value = 0.55
    bsdf.inputs["Specular"].default_value = 0.4
    return m


def wood(name, light, dark, scale=1.0, rough=0.45, planks=True, axis="X"):
    """Oiled timber: stretched noise for the grain, a wave for the rings, boards offset."""
    m, nt, bsdf = _mat(name)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    mp = nt.nodes.new("ShaderNodeMapping")
    stretch = (0.6, 8.0, 8.0) if axis == "X" else (8.0, 0.6, 8.0)
    mp.inputs["Scale"].default_value = tuple(s * scale for s in stretch)
    nt.links.new(tc.outputs["Object"], mp.inputs["Vector"])
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 3.0
    n.inputs["Detail"].default_value = 8
    n.inputs["Distortion"].default_value = 1.5
    nt.links.new(mp.outputs["Vector"], n.inputs["Vector"])
    grain = _ramp(nt, n.outputs["Fac"], dark, light, 0.35, 0.65)
    col = grain
    if planks:
        # Boards: a brick texture gives per-board tint and thin dark joints.
        br = nt.nodes.new("ShaderNodeTexBrick")
        br.inputs["Scale"].default_value = 1.0
        br.inputs["Mortar Size"].default_value = 0.004
        br.inputs["Brick Width"].default_value = 1.2 if axis == "X" else 0.18
        br.inputs["Row Height"].default_value = 0.18 if axis == "X" else 1.2
        br.offset = 0.37
        br.inputs["Color1"].default_value = (1, 1, 1, 1)
        br.inputs["Color2"].default_value = (0.78, 0.78, 0.78, 1)
        br.inputs["Mortar"].default_value = (0.25, 0.25, 0.25, 1)
        tc2 = nt.nodes.new("ShaderNodeTexCoord")
        nt.links.new(tc2.outputs["Object"], br.inputs["Vector"])
        col = _mix(nt, grain, br.outputs["Color"], "MULTIPLY")
        _bump(nt, bsdf, br.outputs["Fac"], 0.3, 0.01)
    nt.links.new(col, bsdf.inputs["Base Color"])
    rn = nt.nodes.new("ShaderNodeTexNoise")
    rn.inputs["Scale"].default_value = 12
    nt.links.new(mp.outputs["Vector"], rn.inputs["Vector"])
    nt.links.new(_ramp(nt, rn.outputs["Fac"], (rough - 0.1,) * 3, (rough + 0.15,) * 3), bsdf.inputs["Roughness"])
    bsdf.inputs["Specular"].default_value = 0.4
    return m


def tiles(name, color, joint=(0.55, 0.55, 0.52), size=0.6, rough=0.25, vary=0.06, gloss_bump=0.15, wear=0.0, long=1.0, bond=0.0):
    """Stone or ceramic tiles with grout, each tile a slightly different tone; `wear` (0 to 1)
    adds the blotches and pitted grain of an outdoor floor. Tiles are `size` wide and `long`
    times that long, each row offset by `bond` of a tile."""
    m, nt, bsdf = _mat(name)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    br = nt.nodes.new("ShaderNodeTexBrick")
    br.offset = bond
    br.inputs["Scale"].default_value = 1.0 / size
    br.inputs["Mortar Size"].default_value = 0.012
    br.inputs["Brick Width"].default_value = long
    br.inputs["Row Height"].default_value = 1.0
    br.inputs["Color1"].default_value = (*color, 1)
    br.inputs["Color2"].default_value = (*(max(0, c - vary) for c in color), 1)
    br.inputs["Mortar"].default_value = (*joint, 1)
    nt.links.new(tc.outputs["Object"], br.inputs["Vector"])
    # Stone veining over the tiles.
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 1.5 / size
    n.inputs["Detail"].default_value = 10
    n.inputs["Distortion"].default_value = 3
    nt.links.new(tc.outputs["Object"], n.inputs["Vector"])
    color = _mix(nt, br.outputs["Color"], n.outputs["Color"], "OVERLAY", 0.25)
    if wear > 0:
        # Weathering: broad, faint blotches where water stood and feet went.
        grime = nt.nodes.new("ShaderNodeTexNoise")
        grime.inputs["Scale"].default_value = 0.4
        grime.inputs["Detail"].default_value = 6
        nt.links.new(tc.outputs["Object"], grime.inputs["Vector"])
        low = tuple(1 - wear * k for k in (0.2, 0.21, 0.24))
        color = _mix(nt, color, _ramp(nt, grime.outputs["Fac"], low, (1, 1, 1), 0.3, 0.65), "MULTIPLY")
        # The grain of sawn stone: fine mottling and small dark pits, a few to the hand's width.
        # It shows close up; at a deck's distance the denoiser smooths it away (decision 090).
        mottle = _noise(nt, _coord(nt, 9.0), 1.0, 6)
        color = _mix(nt, color, _ramp(nt, mottle, tuple(1 - 0.12 * wear for _ in range(3)), (1, 1, 1), 0.3, 0.7), "MULTIPLY")
        pits = nt.nodes.new("ShaderNodeTexVoronoi")
        pits.inputs["Scale"].default_value = 55.0
        nt.links.new(tc.outputs["Object"], pits.inputs["Vector"])
        # A pit in some cells only: each cell's random tone pushes its distance up.
        spotted = _math(nt, "ADD", pits.outputs["Distance"], _math(nt, "MULTIPLY", pits.outputs["Color"], 0.3))
        pit = _ramp(nt, spotted, tuple(1 - 0.45 * wear for _ in range(3)), (1, 1, 1), 0.12, 0.2)
        color = _mix(nt, color, pit, "MULTIPLY")
    nt.links.new(color, bsdf.inputs["Base Color"])
    inv = nt.nodes.new("ShaderNodeMath")
    inv.operation = "SUBTRACT"
    inv.inputs[0].default_value = 1.0
    nt.links.new(br.outputs["Fac"], inv.inputs[1])
    _bump(nt, bsdf, inv.outputs["Value"], gloss_bump, 0.004)
    r = nt.nodes.new("ShaderNodeMath")
    r.operation = "MULTIPLY_ADD"
    r.inputs[1].default_value = 0.5
    r.inputs[2].default_value = rough
    nt.links.new(br.outputs["Fac"], r.inputs[0])
    nt.links.new(r.outputs["Value"], bsdf.inputs["Roughness"])
    return m


def roof_tiles(name, color, course=0.24, width=0.3):
    """Clay or concrete roof tiles laid in courses: each course is level (rows follow the height,
    on every face of a hip roof), overlaps the one below with a shadowed lip, is offset by half a
    tile, and every tile has its own tone, weathered darker towards its lower edge."""
    m, nt, bsdf = _mat(name)

    math_ = functools.partial(_math, nt)

    tc = nt.nodes.new("ShaderNodeTexCoord")
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(tc.outputs["Object"], sep.inputs["Vector"])
    row = math_("DIVIDE", sep.outputs["Z"], course)
    row_i = math_("FLOOR", row)
    along = math_("ADD", math_("DIVIDE", math_("ADD", sep.outputs["X"], sep.outputs["Y"]), width), math_("MULTIPLY", row_i, 0.5))
    col_i = math_("FLOOR", along)
    # Height within a course: rising from the lip of the course above to the next lip.
    lip = math_("FRACT", row)
    gap = math_("FRACT", along)
    # A narrow dark joint between neighbouring tiles.
    joint = math_("MINIMUM", math_("MULTIPLY", gap, 25.0), math_("MULTIPLY", math_("SUBTRACT", 1.0, gap), 25.0))
    joint = math_("MINIMUM", joint, 1.0)
    height = math_("MULTIPLY", math_("POWER", lip, 0.6), joint)
    _bump(nt, bsdf, height, 0.5, 0.03)
    ids = nt.nodes.new("ShaderNodeCombineXYZ")
    nt.links.new(row_i, ids.inputs["X"])
    nt.links.new(col_i, ids.inputs["Y"])
    wn = nt.nodes.new("ShaderNodeTexWhiteNoise")
    wn.noise_dimensions = "3D"
    nt.links.new(ids.outputs["Vector"], wn.inputs["Vector"])
    tone = _ramp(nt, wn.outputs["Value"], tuple(c * 0.72 for c in color), tuple(min(1, c * 1.2) for c in color))
    # Darker where rain runs off each tile's lower edge, and in the joints.
    shade = math_("MULTIPLY", math_("ADD", math_("MULTIPLY", lip, 0.35), 0.65), math_("ADD", math_("MULTIPLY", joint, 0.6), 0.4))
    sh = nt.nodes.new("ShaderNodeCombineRGB")
    for i in range(3):
        nt.links.new(shade, sh.inputs[i])
    dirt = nt.nodes.new("ShaderNodeTexNoise")
    dirt.inputs["Scale"].default_value = 0.6
    dirt.inputs["Detail"].default_value = 6
    nt.links.new(tc.outputs["Object"], dirt.inputs["Vector"])
    shaded = _mix(nt, tone, sh.outputs["Image"], "MULTIPLY")
    dirty = _ramp(nt, dirt.outputs["Fac"], (0.7, 0.7, 0.68), (1, 1, 1), 0.35, 0.6)
    nt.links.new(_mix(nt, shaded, dirty, "MULTIPLY"), bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = 0.7
    bsdf.inputs["Specular"].default_value = 0.35
    return m


def stone(name, color, scale=2.0, rough=0.7):
    """Rough natural stone (cladding, paving): voronoi cells with a strong bump."""
    m, nt, bsdf = _mat(name)
    v = _coord(nt, scale)
    vo = nt.nodes.new("ShaderNodeTexVoronoi")
    vo.feature = "DISTANCE_TO_EDGE"
    vo.inputs["Scale"].default_value = 3.0
    nt.links.new(v, vo.inputs["Vector"])
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 8
    n.inputs["Detail"].default_value = 8
    nt.links.new(v, n.inputs["Vector"])
    dark = tuple(c * 0.55 for c in color)
    nt.links.new(_ramp(nt, n.outputs["Fac"], dark, color, 0.3, 0.75), bsdf.inputs["Base Color"])
    edge = nt.nodes.new("ShaderNodeMath")
    edge.operation = "MINIMUM"
    edge.inputs[1].default_value = 0.06
    nt.links.new(vo.outputs["Distance"], edge.inputs[0])
    add = nt.nodes.new("ShaderNodeMath")
    add.operation = "MULTIPLY_ADD"
    add.inputs[1].default_value = 0.03
    nt.links.new(n.outputs["Fac"], add.inputs[0])
    nt.links.new(edge.outputs["Value"], add.inputs[2])
    _bump(nt, bsdf, add.outputs["Value"], 0.6, 0.05)
    bsdf.inputs["Roughness"].default_value = rough
    return m


def fabric(name, color, scale=60.0, sheen=0.6):
    """Woven upholstery or linen: a fine weave bump and soft sheen."""
    m, nt, bsdf = _mat(name)
    v = _coord(nt, scale)
    w1 = nt.nodes.new("ShaderNodeTexWave")
    w1.wave_type = "BANDS"
    w1.inputs["Scale"].default_value = 3
    nt.links.new(v, w1.inputs["Vector"])
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 0.08
    n.inputs["Detail"].default_value = 4
    nt.links.new(v, n.inputs["Vector"])
    dark = tuple(c * 0.82 for c in color)
    nt.links.new(_ramp(nt, n.outputs["Fac"], dark, color, 0.35, 0.65), bsdf.inputs["Base Color"])
    _bump(nt, bsdf, w1.outputs["Fac"], 0.15, 0.002)
    bsdf.inputs["Roughness"].default_value = 0.9
    bsdf.inputs["Sheen"].default_value = sheen
    bsdf.inputs["Sheen Tint"].default_value = 0.5
    bsdf.inputs["Specular"].default_value = 0.25
    return m


def water(name, tint=(0.62, 0.9, 0.9), ripple=14.0):
    """Pool water: a clear surface with rippled normals over a tiled shell, tinted aqua."""
    m, nt, bsdf = _mat(name)
    bsdf.inputs["Base Color"].default_value = (*tint, 1)
    bsdf.inputs["Transmission"].default_value = 1.0
    bsdf.inputs["Roughness"].default_value = 0.01
    bsdf.inputs["IOR"].default_value = 1.333
    bsdf.inputs["Specular"].default_value = 0.5
    v = _coord(nt, 1.0)
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = ripple * 0.2
    n.inputs["Detail"].default_value = 3
    nt.links.new(v, n.inputs["Vector"])
    _bump(nt, bsdf, n.outputs["Fac"], 0.12, 0.05)
    out = nt.nodes["Material Output"]
    # Sunlight reaches the pool floor (the caustics it would make are switched off).
    lp = nt.nodes.new("ShaderNodeLightPath")
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    tr.inputs["Color"].default_value = (*tint, 1)
    mix = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(lp.outputs["Is Shadow Ray"], mix.inputs["Fac"])
    nt.links.new(bsdf.outputs["BSDF"], mix.inputs[1])
    nt.links.new(tr.outputs["BSDF"], mix.inputs[2])
    nt.links.new(mix.outputs["Shader"], out.inputs["Surface"])
    return m


def sea(name, color=(0.03, 0.18, 0.25)):
    m, nt, bsdf = _mat(name)
    bsdf.inputs["Base Color"].default_value = (*color, 1)
    bsdf.inputs["Roughness"].default_value = 0.08
    bsdf.inputs["Specular"].default_value = 0.6
    tc = nt.nodes.new("ShaderNodeTexCoord")
    mp = nt.nodes.new("ShaderNodeMapping")
    mp.inputs["Scale"].default_value = (0.4, 1.6, 1.0)
    nt.links.new(tc.outputs["Object"], mp.inputs["Vector"])
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 1.5
    n.inputs["Detail"].default_value = 6
    nt.links.new(mp.outputs["Vector"], n.inputs["Vector"])
    _bump(nt, bsdf, n.outputs["Fac"], 0.2, 0.3)
    return m


def glass(name, tint=(0.9, 0.95, 0.95)):
    m, nt, bsdf = _mat(name)
    bsdf.inputs["Base Color"].default_value = (*tint, 1)
    bsdf.inputs["Transmission"].default_value = 1.0
    bsdf.inputs["Roughness"].default_value = 0.0
    bsdf.inputs["IOR"].default_value = 1.45
    return m


def _mix_shader(nt, fac, a, b):
    """A Mix Shader of `a` and `b` (sockets) by `fac` (a socket or a number); its output socket."""
    n = nt.nodes.new("ShaderNodeMixShader")
    if isinstance(fac, (int, float)):
        n.inputs["Fac"].default_value = fac
    else:
        nt.links.new(fac, n.inputs["Fac"])
    nt.links.new(a, n.inputs[1])
    nt.links.new(b, n.inputs[2])
    return n.outputs["Shader"]


def window_glass(name, tint=(1.0, 1.0, 1.0), body=0.0, pull=1.0):
    """Thin glazing: see-through without refraction (light and shadows pass). `tint` colours
    what is seen through it; `body` (0 to 1) gives the pane a faint colour of its own, as the
    green edge of a thick balustrade pane has. `pull` below 1 darkens the view through it for
    the camera alone, as an interior photographer exposes the windows apart: the room keeps all
    its daylight and the view outside is not burnt out."""
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    nt.nodes.clear()
    out = nt.nodes.new("ShaderNodeOutputMaterial")
    lp = nt.nodes.new("ShaderNodeLightPath")
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    tr.inputs["Color"].default_value = (*tint, 1)
    # The pane's outer faces (where the ray comes in from the air) reflect and pull; the inner
    # ones do neither. Seen from inside the pane, Fresnel turns total beyond 42° (glass into
    # air), so the ray bounced between the faces until Cycles gave up on it and the glass went
    # black wherever it was seen at a slant.
    front = _math(nt, "SUBTRACT", 1.0, nt.nodes.new("ShaderNodeNewGeometry").outputs["Backfacing"])
    seen = tr.outputs["BSDF"]
    if pull < 1.0:
        dim = nt.nodes.new("ShaderNodeBsdfTransparent")
        dim.inputs["Color"].default_value = (*(c * pull for c in tint), 1)
        seen = _mix_shader(nt, _math(nt, "MULTIPLY", lp.outputs["Is Camera Ray"], front), seen, dim.outputs["BSDF"])
    gl = nt.nodes.new("ShaderNodeBsdfGlossy")
    gl.inputs["Roughness"].default_value = 0.0
    fr = nt.nodes.new("ShaderNodeFresnel")
    fr.inputs["IOR"].default_value = 1.5
    surface = _mix_shader(nt, _math(nt, "MULTIPLY", fr.outputs["Fac"], front), seen, gl.outputs["BSDF"])
    if body > 0:
        di = nt.nodes.new("ShaderNodeBsdfDiffuse")
        di.inputs["Color"].default_value = (*(c * 0.8 for c in tint), 1)
        surface = _mix_shader(nt, body, surface, di.outputs["BSDF"])
    # Shadow rays see only the transparent part.
    nt.links.new(_mix_shader(nt, lp.outputs["Is Shadow Ray"], surface, tr.outputs["BSDF"]), out.inputs["Surface"])
    return m


def leaves(name, color=(0.05, 0.2, 0.04), vary=0.4):
    """Foliage: waxy leaves with some light passing through, tone varying per object."""
    m, nt, bsdf = _mat(name)
    info = nt.nodes.new("ShaderNodeObjectInfo")
    c2 = tuple(c * (1 + vary) + 0.02 for c in color)
    c1 = tuple(c * (1 - vary) for c in color)
    col = _ramp(nt, info.outputs["Random"], c1, c2)
    nt.links.new(col, bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = 0.45
    bsdf.inputs["Specular"].default_value = 0.4
    bsdf.inputs["Subsurface"].default_value = 0.0
    # Translucency: mix in a translucent BSDF.
    tr = nt.nodes.new("ShaderNodeBsdfTranslucent")
    nt.links.new(col, tr.inputs["Color"])
    mix = nt.nodes.new("ShaderNodeMixShader")
    mix.inputs["Fac"].default_value = 0.25
    out = nt.nodes["Material Output"]
    nt.links.new(bsdf.outputs["BSDF"], mix.inputs[1])
    nt.links.new(tr.outputs["BSDF"], mix.inputs[2])
    nt.links.new(mix.outputs["Shader"], out.inputs["Surface"])
    return m


def grass(name, color=(0.05, 0.11, 0.025)):
    """A tropical lawn seen from a few metres up or more: patchy tone (drier yellow-green patches,
    lusher dark ones), the mower's faint stripes, and a speckle of single blades catching the
    light, with a rough bump for the tufts."""
    m, nt, bsdf = _mat(name)
    v = _coord(nt, 1.0)
    patch = nt.nodes.new("ShaderNodeTexNoise")
    patch.inputs["Scale"].default_value = 0.35
    patch.inputs["Detail"].default_value = 6
    patch.inputs["Roughness"].default_value = 0.6
    nt.links.new(v, patch.inputs["Vector"])
    dry = (color[0] * 2.2 + 0.02, color[1] * 1.5, color[2] * 0.8)
    lush = tuple(c * 0.7 for c in color)
    base = _ramp(nt, patch.outputs["Fac"], lush, dry, 0.35, 0.7)
    stripes = nt.nodes.new("ShaderNodeTexWave")
    stripes.inputs["Scale"].default_value = 0.12
    stripes.inputs["Distortion"].default_value = 0.5
    nt.links.new(v, stripes.inputs["Vector"])
    stripe = _ramp(nt, stripes.outputs["Fac"], (0.86, 0.86, 0.86), (1.08, 1.08, 1.08), 0.45, 0.55)
    blades = nt.nodes.new("ShaderNodeTexNoise")
    blades.inputs["Scale"].default_value = 160
    blades.inputs["Detail"].default_value = 2
    nt.links.new(v, blades.inputs["Vector"])
    speckle = _ramp(nt, blades.outputs["Fac"], (0.6, 0.62, 0.55), (1.35, 1.4, 1.1), 0.3, 0.7)
    striped = _mix(nt, base, stripe, "MULTIPLY")
    nt.links.new(_mix(nt, striped, speckle, "MULTIPLY"), bsdf.inputs["Base Color"])
    f = nt.nodes.new("ShaderNodeTexNoise")
    f.inputs["Scale"].default_value = 300
    nt.links.new(v, f.inputs["Vector"])
    _bump(nt, bsdf, f.outputs["Fac"], 0.9, 0.02)
    bsdf.inputs["Roughness"].default_value = 0.75
    bsdf.inputs["Sheen"].default_value = 0.4
    return m


def emission(name, color, strength):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    nt.nodes.clear()
    out = nt.nodes.new("ShaderNodeOutputMaterial")
    em = nt.nodes.new("ShaderNodeEmission")
    em.inputs["Color"].default_value = (*color, 1)
    em.inputs["Strength"].default_value = strength
    nt.links.new(em.outputs["Emission"], out.inputs["Surface"])
    return m


# ---------------------------------------------------------------- geometry


def _link(obj):
    bpy.context.collection.objects.link(obj)
    return obj


def box(name, loc, size, mat=None, bevel=0.01, rot=(0, 0, 0), segments=2):
    """A box from its centre and full size, with bevelled edges (nothing real is razor-sharp)."""
    bpy.ops.mesh.primitive_cube_add(size=1, location=loc, rotation=rot)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = size
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    if bevel:
        mod = obj.modifiers.new("Bevel", "BEVEL")
        mod.width = bevel
        mod.segments = segments
        mod.limit_method = "ANGLE"
    if mat:
        obj.data.materials.append(mat)
    return obj


def cushion(name, loc, size, mat, rot=(0, 0, 0)):
    """A soft box: strongly rounded and subdivided, like a cushion or a mattress."""
    obj = box(name, loc, size, mat, bevel=min(size) * 0.35, rot=rot, segments=4)
    sub = obj.modifiers.new("Sub", "SUBSURF")
    sub.levels = 1
    sub.render_levels = 2
    bpy.ops.object.shade_smooth()
    return obj


def draped(name, loc, width, length, drop, mat, thickness=0.03, folds=0.018):
    """A duvet or a bedspread: flat over a `width` × `length` top whose centre is `loc` (its
    height the top's), rolling over a rounded edge and hanging `drop` down the two sides and the
    foot (+y), in loose vertical folds. The head end (-y) lies flat."""
    import bmesh

    r = 0.06
    step = 0.04

    def fall(d):
        """(outward, down) of a point `d` past the top's edge, round the edge then straight down."""
        if d <= 0:
            return 0.0, 0.0
        if d < r * math.pi / 2:
            a = d / r
            return r * math.sin(a), r * (1 - math.cos(a))
        return r, r + d - r * math.pi / 2

    us = [-width / 2 - drop + i * step for i in range(int((width + 2 * drop) / step) + 1)]
    vs = [-length / 2 + j * step for j in range(int((length + drop) / step) + 1)]
    x0, y0, z0 = loc
    bm = bmesh.new()
    grid = []
    for v in vs:
        row = []
        dv = max(0.0, v - length / 2)
        for u in us:
            du = max(0.0, abs(u) - width / 2)
            ox, zx = fall(du)
            oy, zy = fall(dv)
            hang = min(1.0, max(du, dv) / max(drop, 1e-3))
            wave = folds * hang * (math.sin(v * 11.0 + 0.7 * math.sin(v * 3.1)) if du >= dv else math.sin(u * 13.0))
            x = math.copysign(min(abs(u), width / 2) + ox + (wave if du >= dv else 0.0), u)
            y = min(v, length / 2) + oy + (wave if dv > du else 0.0)
            row.append(bm.verts.new((x0 + x, y0 + y, z0 - max(zx, zy))))
        grid.append(row)
    for a, b in zip(grid, grid[1:]):
        for i in range(len(a) - 1):
            bm.faces.new((a[i], a[i + 1], b[i + 1], b[i]))
    obj = _link(_mesh_object(name, bm))
    if mat:
        obj.data.materials.append(mat)
    sol = obj.modifiers.new("Thick", "SOLIDIFY")
    sol.thickness = thickness
    sol.offset = 1.0
    sub = obj.modifiers.new("Sub", "SUBSURF")
    sub.levels = sub.render_levels = 1
    return obj


def cylinder(name, loc, radius, depth, mat=None, rot=(0, 0, 0), verts=32, smooth=True):
    bpy.ops.mesh.primitive_cylinder_add(vertices=verts, radius=radius, depth=depth, location=loc, rotation=rot)
    obj = bpy.context.active_object
    obj.name = name
    if smooth:
        bpy.ops.object.shade_smooth()
        mod = obj.modifiers.new("Bevel", "BEVEL")
        mod.width = min(radius, depth) * 0.08
        mod.segments = 2
        mod.limit_method = "ANGLE"
    if mat:
        obj.data.materials.append(mat)
    return obj


def sphere(name, loc, radius, mat=None, scale=(1, 1, 1), subdiv=3):
    bpy.ops.mesh.primitive_ico_sphere_add(subdivisions=subdiv, radius=radius, location=loc)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = scale
    bpy.ops.object.shade_smooth()
    if mat:
        obj.data.materials.append(mat)
    return obj


def plane(name, loc, size, mat=None, rot=(0, 0, 0)):
    bpy.ops.mesh.primitive_plane_add(size=1, location=loc, rotation=rot)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = (size[0], size[1], 1)
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    if mat:
        obj.data.materials.append(mat)
    return obj


def ground(mat, size=400):
    return plane("Ground", (0, 0, -0.03), (size, size), mat)


# ---------------------------------------------------------------- plants


def _leaf_into(bm, length, width, fold, curl, segs, place):
    """Adds one pointed oval leaf to a bmesh, its stalk end at the origin along +X, then moved by `place`."""
    rows = []
    for i in range(segs + 1):
        t = i / segs
        w = max(0.004, width * 0.5 * math.sin(math.pi * min(1.0, t * 1.05)) ** 0.8)
        x = t * length
        z = -curl * t * t * length
        rows.append([bm.verts.new(place @ Vector(p)) for p in ((x, -w, z + fold * w), (x, 0, z), (x, w, z + fold * w))])
    for a, b in zip(rows, rows[1:]):
        bm.faces.new((a[0], b[0], b[1], a[1]))
        bm.faces.new((a[1], b[1], b[2], a[2]))


def _mesh_object(name, bm):
    """A smooth-shaded object (not yet in any collection) of the mesh in `bm`, which is freed."""
    mesh = bpy.data.meshes.new(name)
    bm.to_mesh(mesh)
    bm.free()
    for p in mesh.polygons:
        p.use_smooth = True
    return bpy.data.objects.new(name, mesh)


def _card(name, build):
    """An instance source object (kept out of the view layer): a mesh built by `build(bm)`."""
    import bmesh

    bm = bmesh.new()
    build(bm)
    obj = _mesh_object(name, bm)
    coll = bpy.data.collections.get("Cards")
    if coll is None:
        coll = bpy.data.collections.new("Cards")
        bpy.context.scene.collection.children.link(coll)
        bpy.context.view_layer.layer_collection.children["Cards"].exclude = True
    coll.objects.link(obj)
    return obj


_CARDS = {}


def leaf_card(mat, kind="leaf"):
    """A shared leaf (or flower) card for instancing: `leaf` glossy shrub leaf, `long` frangipani leaf,
    `flower` five-petal frangipani flower, `bract` papery bougainvillea bracts, `fern` a small frond,
    `twig` a spray of small leaves on a stalk and `tuft` a dense tuft of them, for tree crowns."""
    key = (mat.name, kind)
    if key in _CARDS:
        return _CARDS[key]
    from mathutils import Matrix

    def build(bm):
        if kind == "leaf":
            _leaf_into(bm, 1.0, 0.42, 0.25, 0.25, 5, Matrix())
        elif kind == "long":
            _leaf_into(bm, 1.0, 0.3, 0.2, 0.3, 6, Matrix())
        elif kind in ("flower", "bract"):
            n = 5 if kind == "flower" else 3
            for k in range(n):
                place = Matrix.Rotation(k * 2 * math.pi / n, 4, "X") @ Matrix.Rotation(math.radians(65), 4, "Z")
                _leaf_into(bm, 0.5, 0.38 if kind == "flower" else 0.5, 0.3, -0.2, 3, place)
        elif kind == "twig":
            # A leafy spray: leaves in pairs along a bare stalk, turned every way round it, so a
            # crown's edge breaks up into sprays with sky between them. Its own generator, so the
            # card is the same whichever scene builds it first.
            rng = random.Random(41)
            for i in range(18):
                t = 0.1 + 0.9 * i / 17
                for side in (-1, 1):
                    if rng.random() < 0.2:
                        continue
                    place = (
                        Matrix.Translation((t, 0, -0.12 * t * t))
                        @ Matrix.Rotation(rng.uniform(0, 2 * math.pi), 4, "X")
                        @ Matrix.Rotation(side * rng.uniform(0.6, 1.1), 4, "Z")
                    )
                    _leaf_into(bm, 0.19 * (1.15 - 0.4 * t), 0.085, 0.25, 0.2, 3, place)
        elif kind == "tuft":
            # A dense tuft of small leaves fanning out from a point over a half sphere round +X,
            # to clothe the inside of a crown at a fraction of the instances single leaves take.
            rng = random.Random(43)
            for i in range(26):
                place = (
                    Matrix.Rotation(rng.uniform(0, 2 * math.pi), 4, "X")
                    @ Matrix.Rotation(rng.uniform(0.1, 1.3), 4, "Z")
                    @ Matrix.Rotation(rng.uniform(-0.5, 0.5), 4, "X")
                )
                _leaf_into(bm, rng.uniform(0.35, 0.5), 0.17, 0.25, 0.2, 3, place)
        elif kind == "fern":
            for i in range(14):
                t = (i + 1) / 15
                for side in (-1, 1):
                    place = Matrix.Translation((t, 0, -0.35 * t * t)) @ Matrix.Rotation(side * 1.2, 4, "Z")
                    _leaf_into(bm, 0.22 * (1.1 - t), 0.05, 0.1, 0.2, 2, place)
    obj = _card(kind.title(), build)
    obj.data.materials.append(mat)
    _CARDS[key] = obj
    return obj


def _scatter(emitter, card, count, size, seed, rand_rot=0.5, from_="FACE"):
    """Instances `card` over the emitter's surface as hair particles with random turn and size."""
    mod = emitter.modifiers.new("Scatter", "PARTICLE_SYSTEM")
    psys = emitter.particle_systems[-1]
    psys.seed = seed
    s = psys.settings
    s.type = "HAIR"
    s.use_advanced_hair = True
    s.count = int(count)
    s.hair_length = 1.0
    s.emit_from = from_
    s.use_emit_random = True
    s.distribution = "RAND"
    s.use_modifier_stack = True
    s.render_type = "OBJECT"
    s.instance_object = card
    s.particle_size = size
    s.size_random = 0.45
    s.use_rotations = True
    s.rotation_mode = "NOR"
    s.rotation_factor_random = rand_rot
    s.phase_factor_random = 2.0
    return mod


def _lump(name, loc, radius, flat, mat, noise=0.35):
    """A lumpy ellipsoid emitter; it also renders as the shaded inner foliage between the leaves."""
    s = sphere(name, loc, radius, mat, (1, 1, flat), subdiv=3)
    _lumpy(s, radius * noise)
    return s


def _lumpy(obj, strength):
    """Bulges `obj`'s faces in and out by up to `strength` metres with a shared cloud noise."""
    tex = bpy.data.textures.get("LumpNoise")
    if tex is None:
        tex = bpy.data.textures.new("LumpNoise", "CLOUDS")
        tex.noise_scale = 0.6
    d = obj.modifiers.new("Disp", "DISPLACE")
    d.texture = tex
    d.texture_coords = "GLOBAL"
    d.strength = strength
    d.mid_level = 0.5
    return d


def _core(mat):
    """The dark inner foliage for a leaf material."""
    key = mat.name + ".core"
    m = bpy.data.materials.get(key)
    if m is None:
        m = plain(key, (0.02, 0.05, 0.015), 0.8, spec=0.2)
    return m


def _crown_core(mat):
    """The inside of a tree crown for a leaf material: shade of leaves in blotches of darker and
    lighter green, with no gloss, so a gap between sprays reads as deeper foliage, not a ball."""
    key = mat.name + ".crown"
    m = bpy.data.materials.get(key)
    if m is None:
        m, nt, bsdf = _mat(key)
        blotch = _noise(nt, _coord(nt), 2.0, 4)
        nt.links.new(_ramp(nt, blotch, (0.006, 0.016, 0.004), (0.03, 0.065, 0.018), 0.35, 0.65), bsdf.inputs["Base Color"])
        cells = nt.nodes.new("ShaderNodeTexVoronoi")
        cells.inputs["Scale"].default_value = 9.0
        nt.links.new(_coord(nt), cells.inputs["Vector"])
        _bump(nt, bsdf, cells.outputs["Distance"], 1.0, 0.1)
        bsdf.inputs["Roughness"].default_value = 1.0
        bsdf.inputs["Specular"].default_value = 0.05
    return m


def bush(loc, radius=0.8, mat=None, lumps=5, flat=0.7, flowers=None, bloom=0.25):
    """A shrub: a few clumps, each a loose cloud of small masses of shaded inner foliage in one
    mesh, clothed in tufts of leaves with sprays standing out of them (and flowers), so its outline
    breaks up into leaves where one smooth lump per clump read as clipped topiary."""
    import bmesh
    from mathutils import Matrix

    size = 0.1 + 0.035 * radius
    n = max(1, min(lumps, 1 + int(radius * 2)))
    # The masses come from a generator of the shrub's own; the shared random numbers are drawn as
    # when each clump scattered its own leaves, so the scene's later plants keep their shapes.
    rng = random.Random(f"bush {loc[0]:.2f} {loc[1]:.2f} {radius:.3f}")
    bm = bmesh.new()
    area = 0.0
    seeds = []
    for i in range(n):
        off = Vector((random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(0, 0.5))) * radius * 0.5
        r = radius * (random.uniform(0.6, 0.85) if n > 1 else 1.0)
        seeds.append(random.randint(0, 9999))
        if flowers is not None:
            seeds.append(random.randint(0, 9999))
        mid = Vector(loc) + off + Vector((0, 0, r * flat * 0.9))
        for _ in range(max(3, int(3 + 4 * r))):
            a = rng.uniform(0, 2 * math.pi)
            d = r * rng.uniform(0.1, 0.7) ** 0.5 * 0.75
            z = r * flat * rng.uniform(-0.35, 0.55)
            sr = r * rng.uniform(0.4, 0.6)
            sf = flat * rng.uniform(0.8, 1.1)
            at = mid + Vector((math.cos(a) * d, math.sin(a) * d, z))
            bmesh.ops.create_icosphere(bm, subdivisions=2, radius=sr, matrix=Matrix.Translation(at) @ Matrix.Diagonal((1, 1, sf, 1)))
            area += 4 * math.pi * sr * sr * (0.4 + 0.6 * min(1.0, sf))
    obj = _mesh_object("Bush", bm)
    _link(obj)
    obj.data.materials.append(_crown_core(mat))
    _lumpy(obj, radius * 0.12)
    # Small plants (a sprig in a vase) take smaller tufts, so they stay a few leaves across.
    tuft = size * min(2.2, 0.8 + 2.8 * radius)
    twig = min(0.7, max(0.12, 0.45 * radius))
    _scatter(obj, leaf_card(mat, "tuft"), min(6000, area / (tuft * tuft * 0.3)), tuft, seeds[0], 1.0)
    _scatter(obj, leaf_card(mat, "twig"), min(1500, area / (twig * twig * 0.6)), twig, seeds[-1] + 1, 1.0)
    if flowers is not None:
        _scatter(obj, leaf_card(flowers, "bract"), min(2500, bloom * area / (size * size * 0.3)), size * 0.9, seeds[1], 0.8)
    return obj


def parasol(x, y, z, canvas, pole, radius=1.45, height=2.45, furled=False):
    """A market parasol standing on the ground at (x, y, z): a timber pole under an eight-sided
    canopy, or, furled, its cloth hanging gathered round the pole from the crown."""
    cylinder("ParasolPole", (x, y, z + height / 2), 0.025, height, pole, verts=12)
    if furled:
        bpy.ops.mesh.primitive_cone_add(vertices=8, radius1=0.15, radius2=0.04, depth=1.3, location=(x, y, z + height - 0.7))
        top = z + height
    else:
        bpy.ops.mesh.primitive_cone_add(vertices=8, radius1=radius, radius2=0.05, depth=0.48, location=(x, y, z + height - 0.05))
        top = z + height + 0.19
    bpy.context.active_object.data.materials.append(canvas)
    cylinder("Finial", (x, y, top + 0.04), 0.035, 0.1, pole, verts=12)


def hedge(p0, p1, height=1.2, depth=0.8, mat=None, flowers=None, bloom=0.15, lumps=0.12):
    """A clipped hedge from p0 to p1 on the ground, leafy all over; `lumps` is how far (m) its
    faces bulge in and out from the clipped line."""
    a, b = Vector(p0), Vector(p1)
    mid = (a + b) / 2
    length = (b - a).length
    ang = math.atan2(b.y - a.y, b.x - a.x)
    h = box("Hedge", (mid.x, mid.y, mid.z + height / 2), (length, depth, height), _core(mat), bevel=min(depth, height) * 0.3, rot=(0, 0, ang), segments=3)
    sub = h.modifiers.new("Sub", "SUBSURF")
    sub.levels = 2
    sub.render_levels = 2
    _lumpy(h, lumps)
    area = 2 * length * height + length * depth
    size = 0.11
    _scatter(h, leaf_card(mat, "leaf"), min(9000, area / (size * size * 0.2)), size, random.randint(0, 9999))
    if flowers is not None:
        _scatter(h, leaf_card(flowers, "bract"), min(3000, bloom * area / (size * size * 0.3)), size, random.randint(0, 9999), 0.8)
    return h


def groundcover(loc, size, mat, flowers=None):
    """Low leafy groundcover over a rectangle (lawn and bed edges)."""
    p = plane("Cover", (loc[0], loc[1], loc[2] + 0.01), size, _core(mat))
    sub = p.modifiers.new("Sub", "SUBSURF")
    sub.subdivision_type = "SIMPLE"
    sub.levels = sub.render_levels = 3
    area = size[0] * size[1]
    _scatter(p, leaf_card(mat, "leaf"), min(9000, area * 320), 0.12, random.randint(0, 9999), 1.0)
    if flowers is not None:
        _scatter(p, leaf_card(flowers, "flower"), min(2000, area * 25), 0.05, random.randint(0, 9999), 0.9)
    return p


def fern(loc, radius=0.6, mat=None):
    """A fern: a low tuft of arching fronds."""
    s = _lump("Fern", (loc[0], loc[1], loc[2] + radius * 0.15), radius * 0.3, 0.6, _core(mat), 0.1)
    _scatter(s, leaf_card(mat, "fern"), 26, radius, random.randint(0, 9999), 0.3)
    return s


def frangipani(loc, height=3.5, leaf_mat=None, bark_mat=None, flower_mat=None):
    """A frangipani (plumeria): a short grey trunk forking into bare branches, each ending in a
    rosette of long leaves and a cluster of white flowers."""
    curve = bpy.data.curves.new("Branches", "CURVE")
    curve.dimensions = "3D"
    curve.bevel_depth = 0.09
    curve.bevel_resolution = 3
    tips = []

    def branch(p, d, length, radius, level):
        end = p + d * length
        sp = curve.splines.new("BEZIER")
        sp.bezier_points.add(1)
        sp.bezier_points[0].co = p
        sp.bezier_points[1].co = end
        sp.bezier_points[0].radius = radius
        sp.bezier_points[1].radius = radius * 0.7
        for bp in sp.bezier_points:
            bp.handle_left_type = bp.handle_right_type = "AUTO"
        if level == 0:
            tips.append(end)
            return
        for _ in range(random.choice([2, 3])):
            nd = (d + Vector((random.uniform(-0.9, 0.9), random.uniform(-0.9, 0.9), random.uniform(0.1, 0.5)))).normalized()
            branch(end, nd, length * random.uniform(0.6, 0.8), radius * 0.7, level - 1)

    base = Vector(loc)
    branch(base, Vector((random.uniform(-0.1, 0.1), random.uniform(-0.1, 0.1), 1)).normalized(), height * 0.35, 1.0, 3)
    obj = bpy.data.objects.new("Frangipani", curve)
    _link(obj)
    if bark_mat:
        curve.materials.append(bark_mat)
    for t in tips:
        s = _lump("Rosette", t + Vector((0, 0, 0.12)), 0.22, 0.6, _core(leaf_mat), 0.1)
        _scatter(s, leaf_card(leaf_mat, "long"), 40, 0.38, random.randint(0, 9999), 0.3)
        if flower_mat is not None:
            f = _lump("Bloom", t + Vector((0, 0, 0.3)), 0.16, 0.5, _core(leaf_mat), 0.05)
            _scatter(f, leaf_card(flower_mat, "flower"), 22, 0.16, random.randint(0, 9999), 0.5)
    return obj


def tree(loc, height=8.0, spread=8.0, leaf_mat=None, bark_mat=None, flowers=None, bloom=0.2):
    """A broad tropical shade tree (rain tree, mango, tamarind at a glance): a trunk that forks
    into leaning limbs, each carrying a flattened clump of foliage, the clumps of uneven size and
    height, so the crown is a ragged umbrella with sky between its clumps, not a ball on a stick."""
    curve = bpy.data.curves.new("Limbs", "CURVE")
    curve.dimensions = "3D"
    curve.bevel_depth = max(0.06, spread * 0.022)
    curve.bevel_resolution = 2

    def limb(a, b, ra, rb):
        sp = curve.splines.new("BEZIER")
        sp.bezier_points.add(1)
        for bp, co, r in zip(sp.bezier_points, (a, b), (ra, rb)):
            bp.co = co
            bp.radius = r
            bp.handle_left_type = bp.handle_right_type = "AUTO"

    base = Vector(loc)
    fork = base + Vector((random.uniform(-0.06, 0.06) * height, random.uniform(-0.06, 0.06) * height, height * random.uniform(0.32, 0.45)))
    limb(base, fork, 1.6, 1.1)
    n = random.randint(4, 6)
    turn = random.uniform(0, 2 * math.pi)
    clumps = []
    for i in range(n):
        ang = turn + i * 2 * math.pi / n + random.uniform(-0.4, 0.4)
        reach = spread * 0.5 * random.uniform(0.45, 0.9)
        tip = base + Vector((math.cos(ang) * reach, math.sin(ang) * reach, height * random.uniform(0.62, 0.82)))
        limb(fork, tip, 0.8, 0.35)
        clumps.append((tip, spread * random.uniform(0.2, 0.32)))
    # The crown's top, over the fork, and a few lower clumps that break its underside.
    clumps.append((fork + Vector((0, 0, height * random.uniform(0.45, 0.55))), spread * random.uniform(0.24, 0.3)))
    for _ in range(random.randint(1, 3)):
        tip, r = random.choice(clumps[:n])
        clumps.append((tip + Vector((random.uniform(-1, 1) * r, random.uniform(-1, 1) * r, -r * 0.45)), r * 0.6))
    obj = bpy.data.objects.new("Tree", curve)
    _link(obj)
    if bark_mat:
        curve.materials.append(bark_mat)
    # Each clump is a loose cloud of small leafy masses on twigs of their own, all in one mesh
    # for the tree, where one smooth lump per clump read as clipped topiary. The masses come from
    # a generator of the tree's own, so the scene's random sequence runs as it did.
    import bmesh
    from mathutils import Matrix

    rng = random.Random(f"tree {base.x:.2f} {base.y:.2f} {height:.2f}")
    bm = bmesh.new()
    size = 0.12 + 0.01 * spread
    area = 0.0
    # The seeds each clump's leaves (and flowers) drew when every clump scattered its own, still
    # drawn so the shared random numbers run on as they did; the crown's cards seed from them.
    seeds = []
    for centre, r in clumps:
        flat = random.uniform(0.5, 0.7)
        seeds.append(random.randint(0, 9999))
        if flowers is not None:
            seeds.append(random.randint(0, 9999))
        mid = centre + Vector((0, 0, r * flat * 0.4))
        for _ in range(max(4, int(3 + 3 * r))):
            # More of them high and to the outside than low and inside, as light grows a crown.
            a = rng.uniform(0, 2 * math.pi)
            d = r * rng.uniform(0.25, 0.8) ** 0.5
            z = r * flat * rng.uniform(-0.55, 0.75)
            at = mid + Vector((math.cos(a) * d, math.sin(a) * d, z))
            sr = r * rng.uniform(0.3, 0.5)
            sf = rng.uniform(0.55, 0.8)
            bmesh.ops.create_icosphere(bm, subdivisions=2, radius=sr, matrix=Matrix.Translation(at) @ Matrix.Diagonal((1, 1, sf, 1)))
            area += 4 * math.pi * sr * sr * (0.4 + 0.6 * sf)
            limb(mid + (at - mid) * 0.2, at, 0.3, 0.12)
    crown = _mesh_object("Crown", bm)
    _link(crown)
    crown.data.materials.append(_crown_core(leaf_mat))
    _lumpy(crown, spread * 0.05)
    twig = 0.9 + 0.07 * spread
    tuft = 2.2 * size
    _scatter(crown, leaf_card(leaf_mat, "twig"), min(4000, area / (twig * twig * 0.25)), twig, seeds[0], 1.0)
    _scatter(crown, leaf_card(leaf_mat, "tuft"), min(8000, area / (tuft * tuft * 0.35)), tuft, seeds[-1] + 1, 1.0)
    if flowers is not None:
        _scatter(crown, leaf_card(flowers, "bract"), min(3000, bloom * area / (size * size * 0.4)), size, seeds[1], 0.8)
    return obj


def paddle_clump(loc, height=1.6, leaf_mat=None, bract_mat=None, n=9):
    """Bird of paradise or heliconia: upright stalks with big paddle leaves and bright bracts."""
    from mathutils import Matrix

    x, y, z = loc
    stem = plain("Stalk", (0.1, 0.18, 0.06), 0.6)
    card = leaf_card(leaf_mat, "long")
    for i in range(n):
        ang = random.uniform(0, 2 * math.pi)
        lean = random.uniform(0.05, 0.35)
        h = height * random.uniform(0.55, 1.0)
        top = Vector((x + math.cos(ang) * lean * h, y + math.sin(ang) * lean * h, z + h))
        mid = (Vector((x, y, z)) + top) / 2
        cylinder("Stalk", mid, 0.012, h, stem, rot=(0, lean * math.cos(ang + math.pi / 2) * -1, 0), verts=6, smooth=False).rotation_euler = Vector((-math.sin(ang) * lean, math.cos(ang) * lean, 0)).to_tuple()
        leaf = bpy.data.objects.new("Paddle", card.data)
        _link(leaf)
        leaf.location = top
        leaf.rotation_euler = (random.uniform(-0.3, 0.3), -math.radians(random.uniform(40, 75)), ang)
        leaf.scale = (h * 0.6, h * 0.75, h * 0.6)
        if bract_mat is not None and i % 3 == 0:
            b = cylinder("Bract", top + Vector((0, 0, -h * 0.25)), 0.03, 0.28, bract_mat, rot=(0, math.radians(70), ang), verts=8)
            b.scale = (1, 0.4, 1)


def palm_bark(name, color=(0.42, 0.37, 0.31)):
    """Palm trunk: grey-brown with close horizontal growth rings."""
    m, nt, bsdf = _mat(name)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    w = nt.nodes.new("ShaderNodeTexWave")
    w.wave_type = "BANDS"
    w.bands_direction = "Z"
    w.inputs["Scale"].default_value = 9.0
    w.inputs["Distortion"].default_value = 1.5
    w.inputs["Detail"].default_value = 2
    nt.links.new(tc.outputs["Object"], w.inputs["Vector"])
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 6
    n.inputs["Detail"].default_value = 6
    nt.links.new(tc.outputs["Object"], n.inputs["Vector"])
    mix = nt.nodes.new("ShaderNodeMath")
    mix.operation = "MULTIPLY"
    nt.links.new(w.outputs["Fac"], mix.inputs[0])
    nt.links.new(n.outputs["Fac"], mix.inputs[1])
    dark = tuple(c * 0.5 for c in color)
    nt.links.new(_ramp(nt, mix.outputs["Value"], dark, color, 0.05, 0.45), bsdf.inputs["Base Color"])
    _bump(nt, bsdf, w.outputs["Fac"], 0.5, 0.02)
    bsdf.inputs["Roughness"].default_value = 0.85
    return m


def _frond(length, width, droop, leaflets=34):
    """One palm frond: a curved midrib carrying pairs of narrow drooping leaflets, as one mesh."""
    import bmesh
    from mathutils import Matrix

    bm = bmesh.new()
    for i in range(leaflets):
        t = (i + 1) / (leaflets + 1)
        x = t * length
        z = -droop * t * t * length
        ll = width * math.sin(math.pi * min(1.0, 0.15 + t * 0.95)) + 0.08
        for side in (-1, 1):
            place = Matrix.Translation((x, 0, z)) @ Matrix.Rotation(side * math.radians(random.uniform(50, 65)), 4, "Z") @ Matrix.Rotation(side * -0.5, 4, "X")
            _leaf_into(bm, ll, 0.045, 0.0, 0.35 + droop * 0.5, 3, place)
    prev = None
    for i in range(leaflets + 2):
        t = i / (leaflets + 1)
        x = t * length
        z = -droop * t * t * length
        w = 0.025 * (1 - t) + 0.006
        v1 = bm.verts.new((x, -w, z + 0.01))
        v2 = bm.verts.new((x, w, z + 0.01))
        if prev:
            bm.faces.new((prev[0], prev[1], v2, v1))
        prev = (v1, v2)
    mesh = bpy.data.meshes.new("Frond")
    bm.to_mesh(mesh)
    bm.free()
    return mesh


_FRONDS = {}


def palm(loc, height=7.0, lean=(0.0, 0.0), leaf_mat=None, trunk_mat=None, fronds=14, scale=1.0):
    """A coconut palm: a gently curved ringed trunk and a crown of drooping, finely divided fronds
    (a few shared frond meshes, turned and scaled)."""
    x, y, z = loc
    height *= scale
    curve = bpy.data.curves.new("Trunk", "CURVE")
    curve.dimensions = "3D"
    curve.bevel_depth = 0.15 * scale
    curve.bevel_resolution = 3
    sp = curve.splines.new("BEZIER")
    sp.bezier_points.add(2)
    top = Vector((x + lean[0] * height, y + lean[1] * height, z + height))
    pts = [Vector(loc), Vector((x + lean[0] * height * 0.25, y + lean[1] * height * 0.25, z + height * 0.5)), top]
    for p, co in zip(sp.bezier_points, pts):
        p.co = co
        p.handle_left_type = p.handle_right_type = "AUTO"
    sp.bezier_points[0].radius = 1.35
    sp.bezier_points[1].radius = 0.95
    sp.bezier_points[2].radius = 0.85
    trunk = bpy.data.objects.new("Trunk", curve)
    _link(trunk)
    if trunk_mat:
        curve.materials.append(trunk_mat)
    sphere("Crown", top + Vector((0, 0, 0.05)), 0.28 * scale, trunk_mat, (1, 1, 1.3), subdiv=2)
    key = leaf_mat.name if leaf_mat else ""
    if key not in _FRONDS:
        meshes = [_frond(3.0, 0.75, d) for d in (0.3, 0.45, 0.6, 0.8)]
        for mesh in meshes:
            if leaf_mat:
                mesh.materials.append(leaf_mat)
        _FRONDS[key] = meshes
    meshes = _FRONDS[key]
    for i in range(fronds):
        f = bpy.data.objects.new("Frond", random.choice(meshes))
        _link(f)
        f.location = top
        k = random.uniform(0.85, 1.15) * scale
        f.scale = (k, k, k)
        up = 0.5 if i % 3 == 0 else 0.0
        f.rotation_euler = (random.uniform(-0.15, 0.15), random.uniform(-0.6, 0.2) - up, i * 2.39996 + random.uniform(-0.2, 0.2))
    _under_crown(top, scale, random.Random(f"palm {x:.2f} {y:.2f} {height:.2f}"))
    return trunk


def _under_crown(top, scale, rng):
    """What a grown coconut palm carries under its crown: bunches of nuts against the trunk and
    a dry frond or two hanging down it. They come from a generator of the palm's own, so the
    scene's shared random numbers, and everything placed after the palm, stay as they were."""
    import bmesh
    from mathutils import Matrix

    bm = bmesh.new()
    for _ in range(rng.randint(2, 4)):
        a = rng.uniform(0, 2 * math.pi)
        for _ in range(rng.randint(3, 6)):
            b = a + rng.uniform(-0.45, 0.45)
            r = rng.uniform(0.2, 0.32) * scale
            at = top + Vector((math.cos(b) * r, math.sin(b) * r, -rng.uniform(0.12, 0.42) * scale))
            shape = Matrix.Translation(at) @ Matrix.Diagonal((1, 1, 1.15, 1))
            bmesh.ops.create_icosphere(bm, subdivisions=2, radius=0.1 * scale, matrix=shape)
    nuts = _mesh_object("Coconuts", bm)
    _link(nuts)
    nuts.data.materials.append(bpy.data.materials.get("Coconut") or plain("Coconut", (0.27, 0.27, 0.07), 0.45))
    if "dry" not in _FRONDS:
        # A frond draws its leaflets' angles from the shared numbers: put them back afterwards.
        state = random.getstate()
        mesh = _frond(2.8, 0.6, 0.9)
        random.setstate(state)
        mesh.materials.append(leaves("Dry frond", (0.3, 0.2, 0.09), 0.3))
        _FRONDS["dry"] = mesh
    for _ in range(rng.randint(0, 2)):
        f = bpy.data.objects.new("Dry frond", _FRONDS["dry"])
        _link(f)
        f.location = top - Vector((0, 0, 0.15 * scale))
        k = rng.uniform(0.8, 1.0) * scale
        f.scale = (k, k, k)
        f.rotation_euler = (rng.uniform(-0.2, 0.2), rng.uniform(1.0, 1.3), rng.uniform(0, 2 * math.pi))


def turned(build, pivot, angle, lift=0.0):
    """Builds something with `build()`, turns all of it by `angle` round `pivot` and raises it
    by `lift`."""
    before = set(bpy.data.objects)
    build()
    parts = [o for o in bpy.data.objects if o not in before]
    hub = bpy.data.objects.new("Group", None)
    bpy.context.collection.objects.link(hub)
    hub.location = pivot
    for o in parts:
        o.parent = hub
        o.matrix_parent_inverse = hub.matrix_world.inverted()
    hub.rotation_euler = (0, 0, angle)
    hub.location.z += lift
    return hub


def sofa(x, y, w, uph, accent, legs, rng):
    """A low sofa on the floor (z = 0), its seat facing +y: seat and back cushions, arms, two
    scatter pillows in `accent`; `rng` turns the pillows a little."""
    depth = 0.95
    base = box("SofaBase", (x, y, 0.22), (w, depth, 0.3), uph, 0.04)
    n = 3 if w > 2.2 else 2
    cw = (w - 0.4) / n
    for i in range(n):
        cx = x - (w - 0.4) / 2 + cw * (i + 0.5)
        cushion("Seat", (cx, y + 0.08, 0.44), (cw - 0.02, depth - 0.25, 0.16), uph)
        cushion("BackCushion", (cx, y - depth / 2 + 0.14, 0.72), (cw - 0.04, 0.2, 0.5), uph, rot=(math.radians(-8), 0, 0))
    for sx in (-1, 1):
        box("Arm", (x + sx * (w / 2 - 0.1), y, 0.38), (0.2, depth, 0.36), uph, 0.06)
    box("SofaBack", (x, y - depth / 2 + 0.05, 0.55), (w, 0.12, 0.7), uph, 0.04)
    for px in (x - w / 3, x + w / 4):
        cushion("Pillow", (px, y - 0.15, 0.68), (0.45, 0.14, 0.42), accent, rot=(math.radians(-15), 0, rng.uniform(-0.2, 0.2)))
    for sx in (-1, 1):
        box("SofaLeg", (x + sx * (w / 2 - 0.1), y, 0.03), (0.05, depth - 0.1, 0.06), legs, 0.005)
    return base


def leafy_plant(loc, height=1.4, pot_mat=None, leaf_mat=None, leaves_n=14, pot=True):
    """A potted plant with broad leaves (monstera or bird of paradise, at a glance)."""
    x, y, z = loc
    if pot:
        cylinder("Pot", (x, y, z + 0.22), 0.22, 0.44, pot_mat, verts=40)
        kit_soil = plain("Soil", (0.08, 0.06, 0.04), 0.9)
        cylinder("Soil", (x, y, z + 0.43), 0.2, 0.02, kit_soil, verts=24)
        z += 0.42
    card = leaf_card(leaf_mat, "leaf")
    stem = plain("Stem", (0.12, 0.2, 0.06), 0.6)
    for i in range(leaves_n):
        ang = i * 2.39996 + random.uniform(-0.3, 0.3)
        L = height * random.uniform(0.3, 0.45)
        hz = z + random.uniform(0.25, 0.75) * height
        reach = random.uniform(0.05, 0.25) * height
        top = Vector((x + math.cos(ang) * reach, y + math.sin(ang) * reach, hz))
        st = top - Vector((x, y, z))
        c = cylinder("Stem", (Vector((x, y, z)) + top) / 2, 0.008, st.length, stem, verts=6, smooth=False)
        c.rotation_euler = st.to_track_quat("Z", "Y").to_euler()
        leaf = bpy.data.objects.new("Leaf", card.data)
        _link(leaf)
        leaf.location = top
        leaf.scale = (L, L * 1.1, L)
        leaf.rotation_euler = (random.uniform(-0.3, 0.3), -random.uniform(-0.2, 0.6), ang)


# ---------------------------------------------------------------- scenery


def canopy(name, color=(0.04, 0.08, 0.04)):
    """Forest seen from afar: crowns of trees as cells of lighter and darker green, clearings of
    yellower grass and bare rock here and there, a rough bump for the crowns' shadows."""
    m, nt, bsdf = _mat(name)
    v = _coord(nt, 1.0)
    crowns = nt.nodes.new("ShaderNodeTexVoronoi")
    crowns.inputs["Scale"].default_value = 0.12
    nt.links.new(v, crowns.inputs["Vector"])
    patches = nt.nodes.new("ShaderNodeTexNoise")
    patches.inputs["Scale"].default_value = 0.012
    patches.inputs["Detail"].default_value = 8
    patches.inputs["Roughness"].default_value = 0.65
    nt.links.new(v, patches.inputs["Vector"])
    tone = _ramp(nt, crowns.outputs["Distance"], tuple(c * 1.35 for c in color), tuple(c * 0.55 for c in color), 0.0, 0.8)
    clearing = _ramp(nt, patches.outputs["Fac"], (0, 0, 0), (1, 1, 1), 0.62, 0.7)
    nt.links.new(_mix(nt, tone, (0.2, 0.19, 0.1), fac=clearing), bsdf.inputs["Base Color"])
    _bump(nt, bsdf, crowns.outputs["Distance"], 0.6, 2.0)
    bsdf.inputs["Roughness"].default_value = 0.9
    bsdf.inputs["Specular"].default_value = 0.2
    return m


def rugged(obj, size):
    """Ridges, spurs and gullies on a hill made of a sphere `size` metres across."""
    obj.modifiers.new("Sub", "SUBSURF").levels = 0
    obj.modifiers["Sub"].render_levels = 1
    tex = bpy.data.textures.new("Ridges", "CLOUDS")
    tex.noise_basis = "VORONOI_F2_F1"
    tex.noise_scale = size * 0.18
    tex.noise_depth = 3
    dm = obj.modifiers.new("Ridges", "DISPLACE")
    dm.texture = tex
    dm.texture_coords = "LOCAL"
    dm.mid_level = 0.3
    dm.strength = size * 0.12
    return obj


def pleated(start, direction, width, z0, z1, mat, depth=0.045):
    """A curtain hanging in soft vertical folds from `start` along `direction` (a unit vector in
    the ground plane): a strip of cloth waving in and out of its track's line, the folds a
    little uneven, as gathered fabric falls."""
    import bmesh

    mesh = bpy.data.meshes.new("Curtain")
    bm = bmesh.new()
    cols = max(24, int(width / 0.012))
    period = random.uniform(0.11, 0.15)
    phase = random.uniform(0, 6.3)
    dx, dy = direction
    nx, ny = -dy, dx
    prev = None
    for i in range(cols + 1):
        t = width * i / cols
        off = depth * math.sin(2 * math.pi * t / period + phase) + depth * 0.27 * math.sin(2 * math.pi * t / (period * 0.37) + phase * 2)
        bottom = (start[0] + dx * t + nx * off, start[1] + dy * t + ny * off, z0)
        top = (start[0] + dx * t + nx * off * 1.15, start[1] + dy * t + ny * off * 1.15, z1)
        pair = (bm.verts.new(bottom), bm.verts.new(top))
        if prev:
            bm.faces.new((prev[0], pair[0], pair[1], prev[1]))
        prev = pair
    bm.to_mesh(mesh)
    bm.free()
    obj = bpy.data.objects.new("Curtain", mesh)
    bpy.context.collection.objects.link(obj)
    for poly in mesh.polygons:
        poly.use_smooth = True
    mesh.materials.append(mat)
    return obj


def far_hills(mat, distance=180, count=5, height=40, side=1.0, width=600, base=0.0, ridges=False):
    """Low green hills on the horizon (Phuket's headlands), fading into the sky's haze. With
    `ridges`, each is a headland: a summit with lower shoulders stepping down to the sea on one
    side, where a lone hill seen across kilometres of sea read as a smooth dome."""
    if not any(n.type == "TEX_SKY" for n in mat.node_tree.nodes):
        haze(mat, distance * 1.2, 0.85)
    for i in range(count):
        r = random.uniform(60, 120)
        x = random.uniform(-width / 2, width / 2)
        at = Vector((x, distance * side + random.uniform(-20, 20), base - r * 0.5 * 0.8 + height * random.uniform(0.3, 0.6)))
        rugged(sphere("Hill", at, r, mat, (1.4, 0.8, 0.5), subdiv=5), r)
        if not ridges:
            continue
        # The shoulders come from a generator of the hill's own: the shared numbers stay as they were.
        own = random.Random(f"headland {x:.1f}")
        way = own.choice((-1, 1))
        step, size, drop = 0.0, r, 0.0
        for _ in range(own.randint(2, 4)):
            step += size * own.uniform(0.9, 1.3)
            size *= own.uniform(0.6, 0.8)
            drop += size * own.uniform(0.15, 0.3)
            spot = at + Vector((way * step, own.uniform(-0.2, 0.2) * r, -drop))
            rugged(sphere("Hill", spot, size, mat, (own.uniform(1.4, 2.0), 0.8, own.uniform(0.45, 0.6)), subdiv=5), size)
        near = r * own.uniform(0.45, 0.6)
        spot = at + Vector((-way * r * own.uniform(0.8, 1.1), 0, -r * own.uniform(0.1, 0.2)))
        rugged(sphere("Hill", spot, near, mat, (1.6, 0.8, 0.5), subdiv=5), near)


def haze(m, distance=1500.0, amount=1.0):
    """Fades a far material into the sky's own horizon colour with distance, as air does over
    the Andaman sea (a surface trick: no volume)."""
    nt = m.node_tree
    out = nt.nodes["Material Output"]
    surf = out.inputs["Surface"].links[0].from_socket
    geo = nt.nodes.new("ShaderNodeNewGeometry")
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(geo.outputs["Incoming"], sep.inputs["Vector"])
    comb = nt.nodes.new("ShaderNodeCombineXYZ")
    for i, ax in enumerate("XYZ"):
        neg = nt.nodes.new("ShaderNodeMath")
        neg.operation = "MULTIPLY"
        neg.inputs[1].default_value = -1.0
        nt.links.new(sep.outputs[ax], neg.inputs[0])
        if ax == "Z":
            mx = nt.nodes.new("ShaderNodeMath")
            mx.operation = "MAXIMUM"
            mx.inputs[1].default_value = 0.03
            nt.links.new(neg.outputs[0], mx.inputs[0])
            neg = mx
        nt.links.new(neg.outputs[0], comb.inputs[i])
    tex = nt.nodes.new("ShaderNodeTexSky")
    tex.sky_type = "NISHITA"
    tex.sun_disc = False
    for k, val in _SKY.items():
        if k != "strength":
            setattr(tex, k, val)
    nt.links.new(comb.outputs["Vector"], tex.inputs["Vector"])
    em = nt.nodes.new("ShaderNodeEmission")
    em.inputs["Strength"].default_value = _SKY.get("strength", 0.22)
    nt.links.new(tex.outputs["Color"], em.inputs["Color"])
    cam = nt.nodes.new("ShaderNodeCameraData")
    f = nt.nodes.new("ShaderNodeMath")
    f.operation = "MULTIPLY"
    f.inputs[1].default_value = -1.0 / distance
    nt.links.new(cam.outputs["View Distance"], f.inputs[0])
    e = nt.nodes.new("ShaderNodeMath")
    e.operation = "EXPONENT"
    nt.links.new(f.outputs[0], e.inputs[0])
    k = nt.nodes.new("ShaderNodeMath")
    k.operation = "MULTIPLY_ADD"
    k.inputs[1].default_value = -amount
    k.inputs[2].default_value = amount
    nt.links.new(e.outputs[0], k.inputs[0])
    mix = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(k.outputs[0], mix.inputs["Fac"])
    nt.links.new(surf, mix.inputs[1])
    nt.links.new(em.outputs[0], mix.inputs[2])
    nt.links.new(mix.outputs[0], out.inputs["Surface"])
    return m


# ---------------------------------------------------------------- render

def _feature_outputs(scene, folder):
    """Sets the compositor to write the noisy colour and the denoiser's guides (albedo and
    normals, which Cycles renders nearly free of grain) as float EXR files into `folder`."""
    vl = scene.view_layers[0]
    vl.cycles.denoising_store_passes = True
    scene.use_nodes = True
    nt = scene.node_tree
    nt.nodes.clear()
    rl = nt.nodes.new("CompositorNodeRLayers")
    out = nt.nodes.new("CompositorNodeOutputFile")
    out.base_path = folder
    out.format.file_format = "OPEN_EXR"
    out.format.color_depth = "32"
    out.format.exr_codec = "ZIP"
    out.file_slots.clear()
    for slot, socket in (("color", "Image"), ("albedo", "Denoising Albedo"), ("normal", "Denoising Normal")):
        out.file_slots.new(slot)
        nt.links.new(rl.outputs[socket], out.inputs[slot])
    # Something must be the composite, or Blender skips the compositor.
    comp = nt.nodes.new("CompositorNodeComposite")
    nt.links.new(rl.outputs["Image"], comp.inputs["Image"])


def _read_exr(path):
    import numpy as np

    img = bpy.data.images.load(path)
    w, h = img.size
    px = np.empty(w * h * 4, np.float32)
    img.pixels.foreach_get(px)
    bpy.data.images.remove(img)
    return px.reshape(h, w, 4)[:, :, :3]


def _blur(a, radius):
    """A near-Gaussian blur of an (h, w, c) array: three box blurs each way, by running sums."""
    import numpy as np

    for axis in (0, 1):
        for _ in range(3):
            n = a.shape[axis]
            pad = [(0, 0)] * a.ndim
            pad[axis] = (radius + 1, radius)
            c = np.cumsum(np.pad(a, pad, mode="edge"), axis=axis, dtype=np.float64)
            hi = np.take(c, np.arange(2 * radius + 1, 2 * radius + 1 + n), axis=axis)
            lo = np.take(c, np.arange(0, n), axis=axis)
            a = ((hi - lo) / (2 * radius + 1)).astype(np.float32)
    return a


def photo_finish(img, seed=0):
    """What a camera and lens add to the light that reaches them, on linear scene colour:
    a soft glow round bright highlights (veiling glare), a touch of lateral colour fringing
    towards the corners, natural vignetting, and the sensor's fine luminance noise."""
    import numpy as np

    h, w, _ = img.shape
    lum = img @ np.array([0.2126, 0.7152, 0.0722], np.float32)
    # Glare: what lies above the bright end spreads softly around it.
    knee = np.percentile(lum, 99.3)
    over = np.clip(img - knee, 0, None)
    img = img + 0.06 * _blur(over, max(2, w // 160)) + 0.015 * _blur(img, max(4, w // 40))
    # Lateral chromatic aberration: red a little larger than green, blue a little smaller.
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cy, cx = (h - 1) / 2, (w - 1) / 2
    out = img.copy()
    for ch, k in ((0, 1.0 + 0.0006), (2, 1.0 - 0.0006)):
        sx = np.clip(cx + (xx - cx) / k, 0, w - 1.001)
        sy = np.clip(cy + (yy - cy) / k, 0, h - 1.001)
        x0, y0 = sx.astype(np.int32), sy.astype(np.int32)
        fx, fy = sx - x0, sy - y0
        c = img[:, :, ch]
        out[:, :, ch] = (c[y0, x0] * (1 - fx) + c[y0, x0 + 1] * fx) * (1 - fy) + (c[y0 + 1, x0] * (1 - fx) + c[y0 + 1, x0 + 1] * fx) * fy
    # Vignetting, about two thirds of a stop in the far corners.
    r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (cx**2 + cy**2)
    out *= (1.0 / (1.0 + 0.28 * r2) ** 2)[:, :, None]
    # Sensor noise at a low ISO: fine, mostly in the luminance, stronger in the shadows.
    rng = np.random.default_rng(seed)
    grain = rng.standard_normal((h, w, 1)).astype(np.float32)
    grain = 0.7 * grain + 0.3 * _blur(grain, 1) * 1.7
    out *= 1.0 + grain * (0.012 + 0.02 / (1.0 + 30.0 * np.clip(lum, 0, None)))[:, :, None]
    return np.clip(out, 0, None)


def render(opts, samples=None):
    """Renders the scene to `opts.out` (a 16-bit PNG, Filmic as set by `reset`): path traced,
    then cleaned by the denoiser in denoise.py unless `--raw` is given."""
    import glob
    import tempfile

    scene = bpy.context.scene
    scene.render.resolution_x = opts.width
    scene.render.resolution_y = opts.height
    scene.render.resolution_percentage = 100
    scene.cycles.samples = samples or opts.samples
    if opts.preview:
        scene.render.resolution_percentage = 40
        scene.cycles.samples = 16
    settings = scene.render.image_settings
    settings.file_format = "PNG"
    settings.color_depth = "16"
    settings.color_mode = "RGB"
    if opts.raw:
        scene.render.filepath = opts.out
        bpy.ops.render.render(write_still=True)
        return
    import numpy as np

    import denoise

    with tempfile.TemporaryDirectory() as folder:
        _feature_outputs(scene, folder)
        bpy.ops.render.render(write_still=False)
        passes = {}
        for name in ("color", "albedo", "normal"):
            (path,) = glob.glob(os.path.join(folder, name + "*.exr"))
            passes[name] = _read_exr(path)
    h, w, _ = passes["color"].shape
    start = time.time()
    clean = denoise.denoise(passes["color"], passes["albedo"], passes["normal"])
    print(f"Denoised {w} x {h} in {time.time() - start:.1f} s")
    clean = photo_finish(clean, scene.cycles.seed)
    img = bpy.data.images.new("Clean", w, h, alpha=False, float_buffer=True)
    rgba = np.concatenate([clean, np.ones((h, w, 1), np.float32)], axis=2)
    img.pixels.foreach_set(rgba.ravel())
    # Saved as a render is, so the scene's view transform, look and exposure apply.
    img.save_render(opts.out, scene=scene)
