"""What the pages draw, computed without Django: the reveal's hand chart and the notebook's
evidence rows."""
