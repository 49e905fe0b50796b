"""Text and panels over the table: pygame Surfaces uploaded as textures."""
