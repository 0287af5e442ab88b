// The flags' vertex shader (scene/flags.rs): Bevy's mesh vertex shader, each point carried
// along its normal by a wave that runs out from the pole. A point's second UV holds how free
// it is (x: 0 where the cloth is held, 1 at the fly end) and its flag's phase (y).

#import bevy_pbr::{
    mesh_functions,
    mesh_view_bindings::globals,
    forward_io::{Vertex, VertexOutput},
    view_transformations::position_world_to_clip,
}

struct Wind {
    // How far the fly end swings (metres), how fast (radians a second), how many radians
    // of the wave the cloth holds from the pole to the fly end; w unused.
    wave: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> wind: Wind;

@vertex
fn vertex(vertex: Vertex) -> VertexOutput {
    var out: VertexOutput;
    let world_from_local = mesh_functions::get_world_from_local(vertex.instance_index);
    let normal = mesh_functions::mesh_normal_local_to_world(vertex.normal, vertex.instance_index);
    let free = vertex.uv_b.x;
    let angle = globals.time * wind.wave.y - free * wind.wave.z + vertex.uv_b.y;
    let swing = wind.wave.x * free * sin(angle);
    // The cloth turns as the wave passes: the normal tips along the cloth (its tangent, the
    // way a flag flies) by the swing's slope.
    let slope = wind.wave.x * wind.wave.z * cos(angle);
    let world = mesh_functions::mesh_position_local_to_world(world_from_local, vec4<f32>(vertex.position, 1.0));
    out.world_position = vec4<f32>(world.xyz + normal * swing, world.w);
    out.position = position_world_to_clip(out.world_position.xyz);
    out.world_normal = normal;
#ifdef VERTEX_UVS_A
    out.uv = vertex.uv;
#endif
#ifdef VERTEX_UVS_B
    out.uv_b = vertex.uv_b;
#endif
#ifdef VERTEX_TANGENTS
    out.world_tangent = mesh_functions::mesh_tangent_local_to_world(world_from_local, vertex.tangent, vertex.instance_index);
    out.world_normal = normalize(normal + out.world_tangent.xyz * slope * free);
#endif
#ifdef VERTEX_COLORS
    out.color = vertex.color;
#endif
#ifdef VERTEX_OUTPUT_INSTANCE_INDEX
    out.instance_index = vertex.instance_index;
#endif
    return out;
}
