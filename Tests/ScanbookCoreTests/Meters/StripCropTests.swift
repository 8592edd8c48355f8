import Testing
import ScanbookCore

@Suite struct StripCropTests {
    @Test func cropsStayInsideThePhoto() {
        #expect(StripCrop("150,420,700,160") == StripCrop.centreBand)
        #expect(StripCrop("900,0,200,100") == nil, "past the right edge")
        #expect(StripCrop("1,2,3") == nil && StripCrop("a,b,c,d") == nil && StripCrop("0,0,5,100") == nil)
        #expect(StripCrop.centreBand.pixels(width: 4000, height: 3000) == PixelRect(x: 600, y: 1260, width: 2800, height: 480))
        #expect(StripCrop(x: 0, y: 0, width: 1000, height: 1000)!.pixels(width: 3, height: 3) == PixelRect(x: 0, y: 0, width: 3, height: 3))
    }
}

/// Issue 42: a counter window found in pixels, kept in thousandths of its reference photo.
@Suite struct StripCropCoveringTests {
    @Test func aPixelBoxBecomesTheCropThatCoversIt() throws {
        let crop = try #require(StripCrop(covering: PixelRect(x: 552, y: 314, width: 494, height: 68), width: 1600, height: 1200))
        #expect(crop == StripCrop(x: 345, y: 261, width: 309, height: 58))
        let back = crop.pixels(width: 1600, height: 1200)
        #expect(back.x <= 552 && back.y <= 314 && back.x + back.width >= 552 + 494 - 2 && back.y + back.height >= 314 + 68 - 2)
    }

    @Test func thinOrOutsideBoxesAreKeptInsideOrRefused() {
        #expect(StripCrop(covering: PixelRect(x: 1599, y: 1199, width: 1, height: 1), width: 1600, height: 1200) == StripCrop(x: 990, y: 990, width: 10, height: 10))
        #expect(StripCrop(covering: PixelRect(x: 1600, y: 0, width: 5, height: 5), width: 1600, height: 1200) == nil)
        #expect(StripCrop(covering: PixelRect(x: 0, y: 0, width: 5, height: 5), width: 0, height: 1200) == nil)
        #expect(StripCrop(covering: PixelRect(x: 0, y: 0, width: Int.max, height: Int.max), width: 1600, height: 1200) == StripCrop(x: 0, y: 0, width: 1000, height: 1000))
    }
}
