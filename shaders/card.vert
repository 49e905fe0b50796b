#version 330
// All cards in one instanced draw (a second one for cards in flight, so
// that their shadows can go between). Each instance is one quad a little
// larger than its card: the fragment stage paints the contact shadow, the
// highlight glow, the focus ring, the slab's near edge and the face in that
// one quad. A card covered by the next card of its fan is cut short (clip),
// so hidden paper is never shaded: on a software renderer that halves a frame.
in vec2 in_corner;        // quad corner, -1..1, counter-clockwise
in vec4 in_pos;           // centre x, y, z; yaw
in vec4 in_card;          // flip, atlas cell, clip (lowest local y drawn), focus
in vec4 in_glow;          // highlight rgb, strength (0 = none)

uniform mat4 u_vp;
uniform vec3 u_eye;
uniform vec2 u_half;
uniform float u_thick;
uniform vec2 u_shadow_dir;   // contact-shadow offset at rest

out vec2 v_local;
out vec2 v_world;
flat out vec4 v_glow;
flat out vec2 v_info;     // cell, focus
flat out vec2 v_edge;
flat out vec2 v_shadow;
flat out float v_id;

void main() {
    float flip = in_card.x;
    bool lit = in_glow.a > 0.0 || in_card.w > 0.0;
    float margin = lit ? 0.2 : 0.07;
    vec2 local = in_corner * (u_half + vec2(margin));
    local.y = max(local.y, in_card.z);
    float cy = cos(in_pos.w), sy = sin(in_pos.w);
    float cf = cos(flip), sf = sin(flip);
    vec3 p = vec3(local.x * cf, local.y, -local.x * sf);   // turn about the long axis
    vec3 w = vec3(cy * p.x - sy * p.y, sy * p.x + cy * p.y, p.z) + in_pos.xyz;
    gl_Position = u_vp * vec4(w, 1.0);
    v_local = local;
    v_world = w.xy;
    v_glow = in_glow;
    v_info = vec2(in_card.y, in_card.w);
    v_id = float(gl_InstanceID);

    // The slab's bottom face, seen from the eye, appears shifted toward the
    // eye's foot point by this much (in the card's own frame).
    vec2 rel = in_pos.xy - u_eye.xy;
    vec2 e = -rel * u_thick / (u_eye.z - in_pos.z + u_thick);
    vec2 s = u_shadow_dir;
    float mirror = cf < 0.0 ? -1.0 : 1.0;
    v_edge = vec2(mirror * (cy * e.x + sy * e.y), -sy * e.x + cy * e.y);
    v_shadow = vec2(mirror * (cy * s.x + sy * s.y), -sy * s.x + cy * s.y);
    if (abs(sf) > 0.02 || in_pos.z > 0.05) {
        // turning or lifted: no slab edge; the shadow is drawn on the felt instead
        v_edge = vec2(0.0);
        v_shadow = vec2(1e3);
    }
}
