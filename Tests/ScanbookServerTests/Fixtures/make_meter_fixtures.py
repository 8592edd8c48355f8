"""Makes the meter fixtures: two meter housings of different colours and a later photo of the
blue one in other light, with its counter (6 digits, 1 decimal) showing 04719.3 in a window at
x 120-520, y 200-280 of 640x480 (crop "188,417,625,166" in thousandths). Run once; the JPEGs are
committed."""
from PIL import Image, ImageDraw, ImageFont

FONT = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 60)


def meter(path, colour, digits, light=1.0, seed=0):
    image = Image.new("RGB", (640, 480))
    pixels = image.load()
    for x in range(640):
        for y in range(480):
            shade = light * (0.7 + 0.4 * x / 639) * (0.85 + 0.15 * ((x * 7 + y * 13 + seed) % 5) / 4)
            pixels[x, y] = tuple(min(255, int(c * shade)) for c in colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle((110, 190, 530, 290), fill=(200, 200, 200))
    draw.rectangle((120, 200, 520, 280), fill=(20, 20, 20))
    cell = 400 / len(digits)
    for index, digit in enumerate(digits):
        box = draw.textbbox((0, 0), digit, font=FONT)
        width, height = box[2] - box[0], box[3] - box[1]
        left = 120 + index * cell + (cell - width) / 2 - box[0]
        fill = (230, 60, 50) if index == len(digits) - 1 else (235, 235, 235)  # the red decimal drum
        draw.text((left, 200 + (80 - height) / 2 - box[1]), digit, font=FONT, fill=fill)
    draw.text((250, 330), "kWh", font=ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 40), fill=(240, 240, 240))
    image.save(path, quality=88)


meter("meter-blue-reference.jpg", (40, 80, 190), "045120")
meter("meter-red-reference.jpg", (190, 50, 40), "001234")
meter("meter-blue-photo.jpg", (40, 80, 190), "047193", light=1.12, seed=3)
