//! The few functions of ALSA's `libasound.so.2` that play sound, loaded at run time: the game
//! builds without ALSA's headers and starts on a machine without it (silent there).

use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};

use libloading::{Library, Symbol};

/// `SND_PCM_STREAM_PLAYBACK`.
const PLAYBACK: c_int = 0;
/// `SND_PCM_FORMAT_S16_LE`.
const S16_LE: c_int = 2;
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const INTERLEAVED: c_int = 3;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams = unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type Close = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;
/// ALSA's error handler, `snd_lib_error_handler_t`, without its variadic tail (which a handler
/// that doesn't read it may leave: the C calling conventions let the callee ignore it).
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// Says nothing: ALSA's own complaints (eight lines when there is no sound card) would go to
/// standard error; the game says why there is no sound in one line of its own.
unsafe extern "C" fn quiet(_: *const c_char, _: c_int, _: *const c_char, _: c_int, _: *const c_char) {}

/// An open ALSA playback device: 16-bit stereo frames written to it, blocking.
pub struct Device {
    pcm: *mut c_void,
    write: WriteI,
    recover: Recover,
    close: Close,
    strerror: StrError,
    /// Keeps the library loaded while the functions are used.
    _library: Library,
}

// SAFETY: the device is used by one thread at a time (the output thread owns it).
unsafe impl Send for Device {}

impl Device {
    /// Opens the device `name` (`default`, or `null` for one that swallows the sound) for
    /// stereo 16-bit sound at `rate`, with about `latency_ms` of buffer.
    ///
    /// # Errors
    /// ALSA's library isn't there, or the device doesn't open: the reason.
    pub fn open(name: &str, rate: u32, latency_ms: u32) -> Result<Device, String> {
        // SAFETY: loading ALSA's library runs its initialisers, which are sound.
        let library = unsafe { Library::new("libasound.so.2") }.map_err(|e| format!("no ALSA library: {e}"))?;
        // SAFETY: each symbol is looked up with the signature ALSA's headers give it.
        unsafe {
            let open: Symbol<Open> = library.get(b"snd_pcm_open\0").map_err(|e| e.to_string())?;
            let set_params: Symbol<SetParams> = library.get(b"snd_pcm_set_params\0").map_err(|e| e.to_string())?;
            let write = *library.get::<WriteI>(b"snd_pcm_writei\0").map_err(|e| e.to_string())?;
            let recover = *library.get::<Recover>(b"snd_pcm_recover\0").map_err(|e| e.to_string())?;
            let close = *library.get::<Close>(b"snd_pcm_close\0").map_err(|e| e.to_string())?;
            let strerror = *library.get::<StrError>(b"snd_strerror\0").map_err(|e| e.to_string())?;
            let said = |code: c_int| CStr::from_ptr(strerror(code)).to_string_lossy().into_owned();
            if let Ok(set_handler) = library.get::<SetErrorHandler>(b"snd_lib_error_set_handler\0") {
                set_handler(Some(quiet));
            }
            let device_name = CString::new(name).map_err(|_| "a device name with a NUL".to_string())?;
            let mut pcm = std::ptr::null_mut();
            let code = open(&mut pcm, device_name.as_ptr(), PLAYBACK, 0);
            if code < 0 {
                return Err(format!("the sound device `{name}` doesn't open: {}", said(code)));
            }
            let code = set_params(pcm, S16_LE, INTERLEAVED, 2, rate, 1, latency_ms * 1000);
            if code < 0 {
                close(pcm);
                return Err(format!("the sound device `{name}` doesn't take 16-bit stereo: {}", said(code)));
            }
            Ok(Device { pcm, write, recover, close, strerror, _library: library })
        }
    }

    /// Writes interleaved stereo frames, waiting until the device takes them all.
    ///
    /// # Errors
    /// The device failed and didn't recover.
    pub fn write(&mut self, frames: &[i16]) -> Result<(), String> {
        let mut at = 0;
        while at < frames.len() {
            let rest = &frames[at..];
            // SAFETY: `rest` holds `rest.len() / 2` whole stereo frames of 16-bit samples.
            let written = unsafe { (self.write)(self.pcm, rest.as_ptr().cast(), (rest.len() / 2) as c_ulong) };
            if written < 0 {
                // SAFETY: the pcm is open; recovering from an underrun or a suspend.
                let code = unsafe { (self.recover)(self.pcm, written as c_int, 1) };
                if code < 0 {
                    // SAFETY: snd_strerror returns a static string.
                    return Err(unsafe { CStr::from_ptr((self.strerror)(code)) }.to_string_lossy().into_owned());
                }
            } else {
                at += written as usize * 2;
            }
        }
        Ok(())
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: the pcm is open, and closed once.
        unsafe { (self.close)(self.pcm) };
    }
}
