extension Image {
    /// Gray as the brightest of the colour channels per pixel (HSV's value). Luminance weighs red
    /// at 0.3, so red digits on a dark drum come out at a third of the contrast they have here.
    public func brightestChannel() throws(VisionError) -> Image {
        guard channels > 1 else { return self }
        let values = withPixels { buffer in
            var values = [UInt8]()
            values.reserveCapacity(buffer.width * buffer.height)
            for row in 0..<buffer.height {
                let start = buffer.base! + row * buffer.stride
                for column in 0..<buffer.width {
                    let pixel = start + column * buffer.channels
                    var brightest = pixel[0]
                    for channel in 1..<buffer.channels { brightest = max(brightest, pixel[channel]) }
                    values.append(brightest)
                }
            }
            return values
        }
        return try Image.fromPixels(values, width: width, height: height, channels: 1)
    }
}
