"""The live table page: what one viewer sees (:mod:`.context`), the one action path shared by
HTTP and the WebSocket (:mod:`.acting`), and the page and action views (:mod:`.views`)."""
