#version 330
// The soft shadow a card in flight casts on the felt (and on the cards at
// rest under it): a blurred rounded rectangle, blurrier the higher the card.
in vec2 v_local;
flat in vec3 v_info;      // kind, blur, focus
flat in float v_stretch;  // a fan's shadow: half its extra length
out vec4 f_color;

uniform vec2 u_half;
uniform float u_radius;
uniform float u_shadow;

void main() {
    vec2 q = abs(v_local) - u_half - vec2(0.0, v_stretch) + u_radius;
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
    float b = v_info.y;
    f_color = vec4(0.0, 0.0, 0.0, u_shadow * 0.75 * (1.0 - smoothstep(-b, b, d)));
}
