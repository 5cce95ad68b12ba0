"""Shared building blocks for the demo picture scenes (Blender 3.4, Cycles on the CPU).

Everything is procedural: no downloaded textures, skies or models. A scene script imports this
module, builds its geometry with the helpers below and calls `render()`.
"""

import argparse
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


def sky(sun_elevation=35.0, sun_rotation=120.0, strength=1.0, air=1.0, dust=1.0, ozone=1.0):
    """Nishita daylight sky plus a matching sun lamp (sharper shadows than the sky disc alone)."""
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
    bg = nt.nodes.new("ShaderNodeBackground")
    bg.inputs["Strength"].default_value = 0.22 * strength
    out = nt.nodes.new("ShaderNodeOutputWorld")
    nt.links.new(tex.outputs["Color"], bg.inputs["Color"])
    nt.links.new(bg.outputs["Background"], out.inputs["Surface"])
    # The sun lamp points along the sky's sun direction.
    sun = bpy.data.lights.new("Sun", "SUN")
    warm = max(0.0, min(1.0, (25 - sun_elevation) / 25))
    sun.color = (1.0, 0.93 - 0.2 * warm, 0.84 - 0.35 * warm)
    sun.energy = (4.5 if sun_elevation > 15 else 3.0) * strength
    sun.angle = math.radians(1.5)
    obj = bpy.data.objects.new("Sun", sun)
    bpy.context.collection.objects.link(obj)
    el = math.radians(sun_elevation)
    rot = math.radians(sun_rotation)
    direction = Vector((math.sin(rot) * math.cos(el), -math.cos(rot) * math.cos(el), math.sin(el)))
    obj.rotation_euler = direction.to_track_quat("Z", "Y").to_euler()
    return obj


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


def camera(loc, target, lens=28, fstop=None, focus=None, shift_y=0.0):
    cam = bpy.data.cameras.new("Camera")
    cam.lens = lens
    cam.sensor_width = 36
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


def plaster(name, color, scale=3.0, bump=0.08):
    """Painted render: a faint blotchy tone and a fine bump, never perfectly flat."""
    m, nt, bsdf = _mat(name)
    v = _coord(nt, scale)
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 2.0
    n.inputs["Detail"].default_value = 6
    nt.links.new(v, n.inputs["Vector"])
    dark = tuple(c * 0.9 for c in color)
    nt.links.new(_ramp(nt, n.outputs["Fac"], dark, color, 0.3, 0.7), bsdf.inputs["Base Color"])
    fine = nt.nodes.new("ShaderNodeTexNoise")
    fine.inputs["Scale"].default_value = 120.0
    fine.inputs["Detail"].default_value = 4
    nt.links.new(v, fine.inputs["Vector"])
    _bump(nt, bsdf, fine.outputs["Fac"], bump, 0.005)
    bsdf.inputs["Roughness"].default_value = 0.85
    bsdf.inputs["Specular"].default_value = 0.3
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
        mix = nt.nodes.new("ShaderNodeMixRGB")
        mix.blend_type = "MULTIPLY"
        mix.inputs["Fac"].default_value = 1.0
        nt.links.new(grain, mix.inputs["Color1"])
        nt.links.new(br.outputs["Color"], mix.inputs["Color2"])
        col = mix.outputs["Color"]
        _bump(nt, bsdf, br.outputs["Fac"], 0.3, 0.01)
    nt.links.new(col, bsdf.inputs["Base Color"])
    rn = nt.nodes.new("ShaderNodeTexNoise")
    rn.inputs["Scale"].default_value = 12
    nt.links.new(mp.outputs["Vector"], rn.inputs["Vector"])
    nt.links.new(_ramp(nt, rn.outputs["Fac"], (rough - 0.1,) * 3, (rough + 0.15,) * 3), bsdf.inputs["Roughness"])
    bsdf.inputs["Specular"].default_value = 0.4
    return m


def tiles(name, color, joint=(0.55, 0.55, 0.52), size=0.6, rough=0.25, vary=0.06, gloss_bump=0.15):
    """Stone or ceramic tiles with grout, each tile a slightly different tone."""
    m, nt, bsdf = _mat(name)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    br = nt.nodes.new("ShaderNodeTexBrick")
    br.offset = 0.0
    br.inputs["Scale"].default_value = 1.0 / size
    br.inputs["Mortar Size"].default_value = 0.012
    br.inputs["Brick Width"].default_value = 1.0
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
    mix = nt.nodes.new("ShaderNodeMixRGB")
    mix.blend_type = "OVERLAY"
    mix.inputs["Fac"].default_value = 0.25
    nt.links.new(br.outputs["Color"], mix.inputs["Color1"])
    nt.links.new(n.outputs["Color"], mix.inputs["Color2"])
    nt.links.new(mix.outputs["Color"], bsdf.inputs["Base Color"])
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


def water(name, deep=(0.02, 0.32, 0.38), ripple=14.0):
    """Pool water: clear glass-like surface with rippled normals over a tiled shell."""
    m, nt, bsdf = _mat(name)
    bsdf.inputs["Base Color"].default_value = (*deep, 1)
    bsdf.inputs["Transmission"].default_value = 1.0
    bsdf.inputs["Roughness"].default_value = 0.02
    bsdf.inputs["IOR"].default_value = 1.333
    v = _coord(nt, 1.0)
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = ripple * 0.2
    n.inputs["Detail"].default_value = 3
    nt.links.new(v, n.inputs["Vector"])
    _bump(nt, bsdf, n.outputs["Fac"], 0.25, 0.05)
    # Tint the light through the water's volume rather than the surface.
    vol = nt.nodes.new("ShaderNodeVolumeAbsorption")
    vol.inputs["Color"].default_value = (0.6, 0.92, 0.94, 1)
    vol.inputs["Density"].default_value = 0.35
    out = nt.nodes["Material Output"]
    nt.links.new(vol.outputs["Volume"], out.inputs["Volume"])
    bsdf.inputs["Base Color"].default_value = (1, 1, 1, 1)
    # Sunlight reaches the pool floor (the caustics it would make are switched off).
    lp = nt.nodes.new("ShaderNodeLightPath")
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    tr.inputs["Color"].default_value = (0.8, 0.95, 0.95, 1)
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


def window_glass(name):
    """Thin glazing: see-through without refraction (light and shadows pass)."""
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    nt.nodes.clear()
    out = nt.nodes.new("ShaderNodeOutputMaterial")
    lp = nt.nodes.new("ShaderNodeLightPath")
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    gl = nt.nodes.new("ShaderNodeBsdfGlossy")
    gl.inputs["Roughness"].default_value = 0.0
    fr = nt.nodes.new("ShaderNodeFresnel")
    fr.inputs["IOR"].default_value = 1.5
    mix = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(fr.outputs["Fac"], mix.inputs["Fac"])
    nt.links.new(tr.outputs["BSDF"], mix.inputs[1])
    nt.links.new(gl.outputs["BSDF"], mix.inputs[2])
    # Shadow rays see only the transparent part.
    mix2 = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(lp.outputs["Is Shadow Ray"], mix2.inputs["Fac"])
    nt.links.new(mix.outputs["Shader"], mix2.inputs[1])
    nt.links.new(tr.outputs["BSDF"], mix2.inputs[2])
    nt.links.new(mix2.outputs["Shader"], out.inputs["Surface"])
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


def grass(name, color=(0.06, 0.16, 0.03)):
    m, nt, bsdf = _mat(name)
    v = _coord(nt, 1.0)
    n = nt.nodes.new("ShaderNodeTexNoise")
    n.inputs["Scale"].default_value = 1.2
    n.inputs["Detail"].default_value = 8
    nt.links.new(v, n.inputs["Vector"])
    nt.links.new(_ramp(nt, n.outputs["Fac"], tuple(c * 0.6 for c in color), tuple(c * 1.4 for c in color)), bsdf.inputs["Base Color"])
    f = nt.nodes.new("ShaderNodeTexNoise")
    f.inputs["Scale"].default_value = 300
    nt.links.new(v, f.inputs["Vector"])
    _bump(nt, bsdf, f.outputs["Fac"], 0.8, 0.02)
    bsdf.inputs["Roughness"].default_value = 0.8
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


def _frond(length, width, droop, leaflets=18):
    """One palm frond: a curved midrib carrying pairs of thin drooping leaflets, as one mesh."""
    import bmesh

    bm = bmesh.new()
    for i in range(leaflets):
        t = (i + 1) / (leaflets + 1)
        x = t * length
        z = -droop * t * t * length
        ll = width * math.sin(math.pi * min(1.0, t * 1.15)) + 0.05
        for side in (-1, 1):
            a = bm.verts.new((x - 0.04, 0, z))
            b = bm.verts.new((x + 0.04, 0, z))
            tip_x = x + ll * 0.35
            c = bm.verts.new((tip_x + 0.02, side * ll, z - ll * 0.45))
            d = bm.verts.new((tip_x - 0.02, side * ll, z - ll * 0.45))
            bm.faces.new((a, b, c, d))
    # The midrib.
    prev = None
    for i in range(leaflets + 2):
        t = i / (leaflets + 1)
        x = t * length
        z = -droop * t * t * length
        v1 = bm.verts.new((x, -0.015, z + 0.01))
        v2 = bm.verts.new((x, 0.015, z + 0.01))
        if prev:
            bm.faces.new((prev[0], prev[1], v2, v1))
        prev = (v1, v2)
    mesh = bpy.data.meshes.new("Frond")
    bm.to_mesh(mesh)
    bm.free()
    return mesh


def palm(loc, height=7.0, lean=(0.0, 0.0), leaf_mat=None, trunk_mat=None, fronds=14, scale=1.0):
    """A coconut palm: a gently curved ringed trunk and a crown of drooping fronds."""
    x, y, z = loc
    height *= scale
    curve = bpy.data.curves.new("Trunk", "CURVE")
    curve.dimensions = "3D"
    curve.bevel_depth = 0.16 * scale
    curve.bevel_resolution = 4
    sp = curve.splines.new("BEZIER")
    sp.bezier_points.add(2)
    top = Vector((x + lean[0] * height, y + lean[1] * height, z + height))
    pts = [Vector(loc), Vector((x + lean[0] * height * 0.3, y + lean[1] * height * 0.3, z + height * 0.5)), top]
    for p, co in zip(sp.bezier_points, pts):
        p.co = co
        p.handle_left_type = p.handle_right_type = "AUTO"
    sp.bezier_points[0].radius = 1.3
    sp.bezier_points[2].radius = 0.8
    trunk = bpy.data.objects.new("Trunk", curve)
    _link(trunk)
    if trunk_mat:
        curve.materials.append(trunk_mat)
    for i in range(fronds):
        mesh = _frond(
            random.uniform(2.6, 3.4) * scale,
            random.uniform(0.55, 0.75) * scale,
            random.uniform(0.25, 0.6),
        )
        f = bpy.data.objects.new("Frond", mesh)
        _link(f)
        f.location = top
        f.rotation_euler = (
            random.uniform(-0.15, 0.15),
            random.uniform(-0.5, 0.35),
            i * 2 * math.pi / fronds + random.uniform(-0.2, 0.2),
        )
        if leaf_mat:
            mesh.materials.append(leaf_mat)
        bpy.context.view_layer.objects.active = f
    return trunk


def bush(loc, radius=0.8, mat=None, lumps=5, flat=0.7):
    """A shrub: a few displaced lumps of foliage."""
    objs = []
    for _ in range(lumps):
        off = Vector((random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(0, 0.6))) * radius * 0.6
        r = radius * random.uniform(0.55, 0.9)
        s = sphere("Bush", Vector(loc) + off + Vector((0, 0, r * flat)), r, mat, (1, 1, flat), subdiv=4)
        tex = bpy.data.textures.new("BushNoise", "VORONOI")
        tex.noise_scale = 0.12 * max(radius, 0.3)
        d = s.modifiers.new("Disp", "DISPLACE")
        d.texture = tex
        d.strength = radius * 0.25
        objs.append(s)
    return objs


def leafy_plant(loc, height=1.4, pot_mat=None, leaf_mat=None, leaves_n=14, pot=True):
    """A potted plant with broad leaves (monstera or bird of paradise, at a glance)."""
    x, y, z = loc
    if pot:
        cylinder("Pot", (x, y, z + 0.22), 0.22, 0.44, pot_mat, verts=40)
        z += 0.42
    for i in range(leaves_n):
        ang = random.uniform(0, 2 * math.pi)
        tilt = random.uniform(0.25, 1.0)
        L = height * random.uniform(0.5, 1.0)
        bpy.ops.mesh.primitive_plane_add(size=1)
        leaf = bpy.context.active_object
        leaf.scale = (L * 0.22, L * 0.5, 1)
        bpy.ops.object.transform_apply(scale=True)
        for v in leaf.data.vertices:
            v.co.y += L * 0.25
            v.co.z += 0.15 * L * (v.co.y / L) ** 2
        # Leaf shape and a little droop.
        sub = leaf.modifiers.new("Sub", "SUBSURF")
        sub.levels = 2
        sub.render_levels = 3
        bend = leaf.modifiers.new("Bend", "SIMPLE_DEFORM")
        bend.deform_method = "BEND"
        bend.angle = random.uniform(0.4, 1.0)
        bend.deform_axis = "X"
        leaf.location = (x + math.cos(ang) * 0.05, y + math.sin(ang) * 0.05, z + random.uniform(0.1, 0.6) * height)
        leaf.rotation_euler = (tilt, 0, ang)
        if leaf_mat:
            leaf.data.materials.append(leaf_mat)
        bpy.ops.object.shade_smooth()
    # Stems.
    stem = plain("Stem", (0.12, 0.2, 0.06), 0.6)
    cylinder("Stem", (x, y, z + height * 0.3), 0.02, height * 0.6, stem, verts=8)


# ---------------------------------------------------------------- scenery


def far_hills(mat, distance=180, count=5, height=40, side=1.0, width=600, base=0.0):
    """Low green hills on the horizon (Phuket's headlands), softened by the sky's haze."""
    for i in range(count):
        r = random.uniform(60, 120)
        x = random.uniform(-width / 2, width / 2)
        sphere(
            "Hill",
            (x, distance * side + random.uniform(-20, 20), base - r * 0.5 * 0.8 + height * random.uniform(0.3, 0.6)),
            r,
            mat,
            (1.4, 0.8, 0.5),
            subdiv=4,
        )


def mist(density=0.0006, color=(0.75, 0.85, 0.95)):
    """Thin atmospheric haze so distant things fade, as they do over the Andaman sea."""
    world = bpy.context.scene.world
    nt = world.node_tree
    vol = nt.nodes.new("ShaderNodeVolumeScatter")
    vol.inputs["Density"].default_value = density
    vol.inputs["Color"].default_value = (*color, 1)
    nt.links.new(vol.outputs["Volume"], nt.nodes["World Output"].inputs["Volume"])


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
    img = bpy.data.images.new("Clean", w, h, alpha=False, float_buffer=True)
    rgba = np.concatenate([clean, np.ones((h, w, 1), np.float32)], axis=2)
    img.pixels.foreach_set(rgba.ravel())
    # Saved as a render is, so the scene's view transform, look and exposure apply.
    img.save_render(opts.out, scene=scene)
