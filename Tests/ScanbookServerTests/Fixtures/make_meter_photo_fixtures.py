"""Makes the whole-photo meter fixtures (issue 42) with the bench's generator: one rendered
electricity meter (disc layout, 6 digits, the last a red decimal drum) photographed straight on
as its reference and three more times at an angle, in other light, a little later. Downscaled to
1000 px so the files stay small. Prints each photo's counter value. Run once; the JPEGs are
committed.

    python3 Tests/ScanbookServerTests/Fixtures/make_meter_photo_fixtures.py
"""
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "Tools" / "docgen"))
import generate_meter_photos as generator  # noqa: E402

rng = random.Random(42)
meter = generator.make_meters(1, rng)[0]
value = meter["start"]
for shot, name in enumerate(["meter-plate-reference", "meter-plate-photo-1", "meter-plate-photo-2", "meter-plate-photo-3"]):
    value += rng.randint(30, 4000)
    image, _ = generator.photo(generator.face(meter, value), generator.WALLS[0], rng, reference=shot == 0)
    image.thumbnail((1000, 1000))
    image.save(HERE / f"{name}.jpg", quality=85)
    print(name, generator.counter_truth(meter, value)[0])
