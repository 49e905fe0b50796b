#version 330
// An empty place on the felt (free cell, foundation, column, stock, removed
// set): one instanced quad per slot, drawn into the table texture.
in vec2 in_corner;
in vec3 in_slot;          // x, y, ghost cell (-1 for none)

uniform mat4 u_vp;
uniform vec2 u_half;

out vec2 v_local;
flat out float v_cell;

void main() {
    vec2 local = in_corner * (u_half + vec2(0.04));
    v_local = local;
    v_cell = in_slot.z;
    gl_Position = u_vp * vec4(in_slot.xy + local, 0.0, 1.0);
}
