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
