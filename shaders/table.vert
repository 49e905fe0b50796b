#version 330
// Felt pass: one triangle that covers the viewport; the fragment stage
// finds the table point under each pixel itself.
out vec2 v_ndc;

void main() {
    vec2 p = vec2((gl_VertexID == 1) ? 3.0 : -1.0, (gl_VertexID == 2) ? 3.0 : -1.0);
    v_ndc = p;
    gl_Position = vec4(p, 0.0, 1.0);
}
