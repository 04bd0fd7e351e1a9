"""The fan-out of changes to open screens: WebSocket consumers, per-game rooms, snapshots,
per-viewer fragments and the doorbell on the channel layer."""
