//! A sound as samples: mono, at its own rate, read from and written to 16-bit PCM WAV files.

/// The longest clip read, in seconds (a sounds file can't make the game hold hours of audio).
pub const MAX_CLIP_SECONDS: u32 = 60;

/// A mono sound: samples from -1 to 1 at `rate` a second.
#[derive(Clone, Debug, PartialEq)]
pub struct Clip {
    /// Samples a second.
    pub rate: u32,
    /// The samples, from -1 to 1.
    pub samples: Vec<f32>,
}

impl Clip {
    /// Reads a WAV file's bytes: 8-, 16- or 24-bit integer or 32-bit float PCM, mono or more
    /// channels (mixed down to mono), 8 000 to 96 000 frames a second.
    ///
    /// # Errors
    /// What is wrong: not a WAV file, a format it doesn't read, cut off, too long.
    pub fn from_wav(bytes: &[u8]) -> Result<Clip, String> {
        if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
            return Err("not a WAV file (no RIFF/WAVE header)".into());
        }
        let mut format = None;
        let mut at = 12;
        while at + 8 <= bytes.len() {
            let id = &bytes[at..at + 4];
            let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().expect("4 bytes")) as usize;
            let body = bytes.get(at + 8..at + 8 + size.min(bytes.len() - at - 8)).unwrap_or_default();
            match id {
                b"fmt " => format = Some(Format::read(body)?),
                b"data" => {
                    let format = format.ok_or("the data comes before the format (no `fmt ` chunk first)")?;
                    return format.decode(body);
                }
                _ => {}
            }
            at += 8 + size + size % 2;
        }
        Err("no `data` chunk: the file is cut off or holds no sound".into())
    }

    /// The clip as a 16-bit mono PCM WAV file.
    pub fn to_wav(&self) -> Vec<u8> {
        let data = self.samples.len() * 2;
        let mut out = Vec::with_capacity(44 + data);
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&(36 + data as u32).to_le_bytes());
        out.extend_from_slice(b"WAVEfmt ");
        out.extend_from_slice(&16u32.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes()); // integer PCM
        out.extend_from_slice(&1u16.to_le_bytes()); // mono
        out.extend_from_slice(&self.rate.to_le_bytes());
        out.extend_from_slice(&(self.rate * 2).to_le_bytes());
        out.extend_from_slice(&2u16.to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes());
        out.extend_from_slice(b"data");
        out.extend_from_slice(&(data as u32).to_le_bytes());
        for &sample in &self.samples {
            out.extend_from_slice(&to_i16(sample).to_le_bytes());
        }
        out
    }

    /// Its length in seconds.
    pub fn seconds(&self) -> f32 {
        self.samples.len() as f32 / self.rate as f32
    }

    /// Its loudest sample's size, 0 to 1.
    pub fn peak(&self) -> f32 {
        self.samples.iter().fold(0.0, |peak: f32, s| peak.max(s.abs()))
    }

    /// Its root-mean-square level, 0 to 1.
    pub fn rms(&self) -> f32 {
        let sum: f64 = self.samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum();
        (sum / self.samples.len().max(1) as f64).sqrt() as f32
    }
}

/// A sample as a 16-bit integer, clamped.
pub(crate) fn to_i16(sample: f32) -> i16 {
    (sample.clamp(-1.0, 1.0) * 32767.0).round() as i16
}

/// A WAV file's `fmt ` chunk, as far as reading it goes.
#[derive(Clone, Copy, Debug)]
struct Format {
    float: bool,
    channels: usize,
    rate: u32,
    bytes_per_sample: usize,
}

impl Format {
    fn read(body: &[u8]) -> Result<Format, String> {
        if body.len() < 16 {
            return Err("the `fmt ` chunk is cut off".into());
        }
        let u16_at = |i: usize| u16::from_le_bytes([body[i], body[i + 1]]);
        let tag = u16_at(0);
        let channels = usize::from(u16_at(2));
        let rate = u32::from_le_bytes(body[4..8].try_into().expect("4 bytes"));
        let bits = u16_at(14);
        // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format's first two bytes.
        let tag = if tag == 0xFFFE && body.len() >= 26 { u16_at(24) } else { tag };
        let float = match (tag, bits) {
            (1, 8 | 16 | 24) => false,
            (3, 32) => true,
            _ => return Err(format!("a format it doesn't read (format {tag}, {bits} bits): use 16-bit PCM")),
        };
        if channels == 0 || channels > 8 {
            return Err(format!("{channels} channels: 1 to 8 are read"));
        }
        if !(8_000..=96_000).contains(&rate) {
            return Err(format!("{rate} frames a second: 8000 to 96000 are read"));
        }
        Ok(Format { float, channels, rate, bytes_per_sample: usize::from(bits / 8) })
    }

    fn decode(self, data: &[u8]) -> Result<Clip, String> {
        let frame = self.channels * self.bytes_per_sample;
        let frames = data.len() / frame;
        if frames > (self.rate * MAX_CLIP_SECONDS) as usize {
            return Err(format!("longer than {MAX_CLIP_SECONDS} seconds"));
        }
        let sample = |bytes: &[u8]| -> f32 {
            match (self.float, self.bytes_per_sample) {
                (true, _) => f32::from_le_bytes(bytes.try_into().expect("4 bytes")),
                (false, 1) => (f32::from(bytes[0]) - 128.0) / 128.0,
                (false, 2) => f32::from(i16::from_le_bytes([bytes[0], bytes[1]])) / 32768.0,
                (false, _) => (i32::from_le_bytes([0, bytes[0], bytes[1], bytes[2]]) >> 8) as f32 / 8_388_608.0,
            }
        };
        let samples = data
            .chunks_exact(frame)
            .map(|frame| {
                let sum: f32 = frame.chunks_exact(self.bytes_per_sample).map(sample).sum();
                let mono = sum / self.channels as f32;
                if mono.is_finite() { mono.clamp(-1.0, 1.0) } else { 0.0 }
            })
            .collect();
        Ok(Clip { rate: self.rate, samples })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clip_survives_its_wav_file() {
        let samples = (0..1000).map(|i| ((i as f32) * 0.05).sin() * 0.8).collect();
        let clip = Clip { rate: 22_050, samples };
        let read = Clip::from_wav(&clip.to_wav()).unwrap();
        assert_eq!(read.rate, 22_050);
        assert_eq!(read.samples.len(), 1000);
        assert!(read.samples.iter().zip(&clip.samples).all(|(a, b)| (a - b).abs() < 1e-4));
        assert!((read.seconds() - 1000.0 / 22_050.0).abs() < 1e-6);
        assert!((read.peak() - clip.peak()).abs() < 1e-4);
    }

    #[test]
    fn broken_files_are_errors_not_panics() {
        let good = Clip { rate: 22_050, samples: vec![0.5; 100] }.to_wav();
        assert!(Clip::from_wav(b"").unwrap_err().contains("not a WAV file"));
        assert!(Clip::from_wav(&good[..40]).unwrap_err().contains("no `data` chunk"));
        let mut stereo_float = good.clone();
        stereo_float[20] = 3; // float with 16 bits
        assert!(Clip::from_wav(&stereo_float).unwrap_err().contains("doesn't read"));
        // Every cut and every byte changed: never a panic.
        for cut in 0..good.len() {
            let _ = Clip::from_wav(&good[..cut]);
        }
        for at in 0..44 {
            for value in [0u8, 1, 0x7F, 0xFF] {
                let mut bad = good.clone();
                bad[at] = value;
                let _ = Clip::from_wav(&bad);
            }
        }
    }
}
