"""The 3D table: layout, camera, picking, card atlas and the moderngl renderer.

What the game loop uses:

* :func:`game.render.layout.layout` -- slots and card placements for a
  position at a viewport size (pure geometry; card flights as overrides);
* :class:`game.render.camera.Camera` -- ``Camera.frame(layout.rect, w, h)``;
* :func:`game.render.picking.pick` -- the card, run head or slot under a pixel;
* :class:`game.render.scene.Renderer` -- draws a :class:`game.render.scene.View`.

The renderer reads game positions and never changes them.
"""
