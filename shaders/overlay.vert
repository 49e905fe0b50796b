#version 330
// A screen-space textured rectangle for UI text (status line, messages).
in vec2 in_corner;          // 0..1
uniform vec4 u_rect;        // x, y, w, h in pixels, y down from the top
uniform vec2 u_screen;      // viewport size in pixels
uniform vec4 u_uv;          // the part of the texture the rectangle shows: u, v, du, dv
out vec2 v_uv;
void main() {
    vec2 p = u_rect.xy + in_corner * u_rect.zw;
    vec2 ndc = vec2(p.x / u_screen.x * 2.0 - 1.0, 1.0 - p.y / u_screen.y * 2.0);
    v_uv = u_uv.xy + in_corner * u_uv.zw;
    gl_Position = vec4(ndc, 0.0, 1.0);
}
