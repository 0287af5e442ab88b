//! PNG files of 8-bit RGB, small: the strongest deflate, each row's filter chosen for its least
//! entropy. (Trying every filter on the whole image and keeping the smallest file saves only 3.5%
//! more, for six times the work: 3 minutes where the test builds the encoder unoptimised.)

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter, SrgbRenderingIntent};

/// `rgb` (`size` × `size` texels, row by row) as a PNG file, marked sRGB (colour) or not (data:
/// normals, occlusion, roughness, metalness).
pub fn png(size: usize, rgb: &[u8], srgb: bool) -> Vec<u8> {
    let mut file = Vec::new();
    let mut encoder = Encoder::new(&mut file, size as u32, size as u32);
    encoder.set_color(ColorType::Rgb);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_deflate_compression(DeflateCompression::Level(9));
    encoder.set_filter(Filter::MinEntropy);
    if srgb {
        encoder.set_source_srgb(SrgbRenderingIntent::Perceptual);
    }
    let mut writer = encoder.write_header().expect("PNG header to a Vec");
    writer.write_image_data(rgb).expect("PNG data to a Vec");
    writer.finish().expect("PNG end to a Vec");
    file
}

/// A PNG file's size and RGB bytes (for the tests).
#[cfg(test)]
pub fn decode(file: &[u8]) -> (usize, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(file)).read_info().expect("a PNG");
    let mut rgb = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut rgb).expect("a PNG's image");
    assert_eq!(info.color_type, ColorType::Rgb);
    rgb.truncate(info.buffer_size());
    (info.width as usize, rgb)
}
