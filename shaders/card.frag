#version 330
// Kept short on purpose: Mesa's software renderer runs both sides of every
// branch, so each line here costs on every card pixel. The renderer also
// compiles it with FLIGHT defined for cards in flight, which have no
// contact shadow or slab edge of their own.
in vec2 v_local;
in vec2 v_world;
flat in vec4 v_glow;
flat in vec2 v_info;
flat in vec2 v_edge;
flat in vec2 v_shadow;
flat in float v_id;
out vec4 f_color;

uniform sampler2D u_atlas;
uniform vec4 u_cell;          // cell w, h and padding x, y, in uv
uniform float u_cols;
uniform float u_back;
uniform vec2 u_half;
uniform float u_radius;
uniform vec3 u_edge_col;
uniform vec3 u_border_col;
uniform vec4 u_focus_col;
uniform vec2 u_ring;          // the focus ring: from, to (world units outside the edge)
uniform vec3 u_border;        // the card's border: from, to (pixels inside the edge), strength
uniform float u_rim;          // a rim of the border's colour this many pixels outside the edge (< 0: none)
uniform float u_mark_line;    // a solid line of a mark's colour this wide outside the edge (0: the glow alone)
uniform float u_shadow;
uniform vec3 u_lamp;          // lamp centre x, y and 1 / radius^2 on the table

float sd_card(vec2 p) {
    vec2 q = abs(p) - u_half + u_radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
}

vec4 over(vec4 top, vec4 under) {      // premultiplied alpha
    return top + under * (1.0 - top.a);
}

void main() {
    float d = sd_card(v_local);
    float px = max(fwidth(d), 1e-5);   // world units per pixel here
    // contact shadow, glow and focus ring, all outside the card
#ifdef FLIGHT
    vec4 col = vec4(0.0);    // a card in flight: its shadow is on the felt (shadow.frag)
#else
    float ds = sd_card(v_local - v_shadow);
    vec4 col = vec4(0.0, 0.0, 0.0, u_shadow * (1.0 - smoothstep(-0.045, 0.055, ds)));
#endif
    float rim = clamp(u_rim + 0.5 - d / px, 0.0, 1.0);
    col = over(vec4(u_border_col * rim, rim), col);
    float g = v_glow.a * (1.0 - smoothstep(0.0, 0.19, d));
    g *= g;
    // high contrast: a solid line of the mark's colour along the edge, under its glow
    g = max(g, v_glow.a * sign(u_mark_line) * clamp(min(d, u_mark_line - d) / px + 0.5, 0.0, 1.0));
    col = over(vec4(v_glow.rgb * g, g), col);
    float ring = v_info.y * clamp(min(d - u_ring.x, u_ring.y - d) / px + 0.5, 0.0, 1.0);
    col = over(vec4(u_focus_col.rgb * ring, ring), col);
    // the slab's near edge, then the face
#ifndef FLIGHT
    float ce = clamp(0.5 - sd_card(v_local - v_edge) / px, 0.0, 1.0);
    col = over(vec4(u_edge_col * ce, ce), col);
#endif
    float cov = clamp(0.5 - d / px, 0.0, 1.0);
    bool front = gl_FrontFacing;
    float cell = front ? v_info.x : u_back;
    vec2 f = vec2(v_local.x / (2.0 * u_half.x) + 0.5, 0.5 - v_local.y / (2.0 * u_half.y));
    if (!front) f.x = 1.0 - f.x;
    vec2 c = vec2(mod(cell, u_cols), floor(cell / u_cols));
    vec3 face = texture(u_atlas, c * u_cell.xy + u_cell.zw + f * (u_cell.xy - 2.0 * u_cell.zw)).rgb;
    float border = 1.0 - smoothstep(u_border.x * px, u_border.y * px, -d);
    face = mix(face, u_border_col, border * u_border.z);
    face = mix(face, v_glow.rgb, 0.1 * v_glow.a);
    vec2 q = v_world - u_lamp.xy;
    face *= 1.0 - 0.22 * min(dot(q, q) * u_lamp.z, 1.0);
    f_color = over(vec4(face * cov, cov), col);
}
