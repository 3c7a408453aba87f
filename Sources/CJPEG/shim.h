#ifndef NEWSAPP_CJPEG_SHIM_H
#define NEWSAPP_CJPEG_SHIM_H

// libjpeg's headers expect <stdio.h> (FILE) and <stddef.h> (size_t) first.
#include <limits.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// libjpeg reports a fatal error by calling `error_exit`, which by default prints the message and
// calls exit(); a replacement must not return, so the only way out is longjmp, which Swift frames
// cannot survive. Every libjpeg call therefore happens inside the C functions below: they catch
// errors with setjmp, clean up, and return a status and a message. Warnings that mean the data is
// damaged (a truncated file, a bad Huffman code) are treated as errors too; libjpeg would
// otherwise fill the rest of the picture with grey and carry on.

/// Decoded (or encoded) successfully.
#define NEWSAPP_JPEG_OK 0
/// Not a decodable JPEG: damaged, truncated, or using a feature this libjpeg lacks.
#define NEWSAPP_JPEG_CORRUPT 1
/// Width × height is over the pixel budget. Only the header was read; no pixel memory was used.
#define NEWSAPP_JPEG_TOO_MANY_PIXELS 2
/// The header was read and the size reported, but no buffer (or too small a one) was given.
#define NEWSAPP_JPEG_NEEDS_BUFFER 3
/// libjpeg could not allocate its working memory.
#define NEWSAPP_JPEG_OUT_OF_MEMORY 4

/// The size of a message buffer, including the terminating NUL (libjpeg's JMSG_LENGTH_MAX).
#define NEWSAPP_JPEG_MESSAGE_SIZE 200

/// A JPEG with more scans than this is refused: a progressive file of thousands of tiny scans
/// takes minutes to decode. libjpeg-turbo's own tools use the same limit.
#define NEWSAPP_JPEG_MAX_SCANS 500

/// libjpeg's error manager with a place to jump back to. `manager` comes first, so the library's
/// pointer to it is a pointer to the whole struct.
struct newsapp_jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int status;
    /// NEWSAPP_JPEG_MESSAGE_SIZE bytes owned by the caller.
    char *message;
};

static inline void newsapp_jpeg_fail(j_common_ptr cinfo, int status, const char *text) {
    struct newsapp_jpeg_failure *failure = (struct newsapp_jpeg_failure *)cinfo->err;
    failure->status = status;
    if (text != NULL) {
        snprintf(failure->message, NEWSAPP_JPEG_MESSAGE_SIZE, "%s", text);
    } else {
        (*cinfo->err->format_message)(cinfo, failure->message);
    }
    longjmp(failure->jump, 1);
}

static inline void newsapp_jpeg_error_exit(j_common_ptr cinfo) {
    int status = cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? NEWSAPP_JPEG_OUT_OF_MEMORY
                                                            : NEWSAPP_JPEG_CORRUPT;
    newsapp_jpeg_fail(cinfo, status, NULL);
}

/// Trace messages are dropped; a warning that means damaged data ends the decode.
static inline void newsapp_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    switch (cinfo->err->msg_code) {
    // Harmless: the picture decodes in full.
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_ADOBE_XFORM:
    case JWRN_JFIF_MAJOR:
#ifdef LIBJPEG_TURBO_VERSION
    case JWRN_BOGUS_ICC:
#endif
        cinfo->err->num_warnings++;
        return;
    default:
        newsapp_jpeg_fail(cinfo, NEWSAPP_JPEG_CORRUPT, NULL);
    }
}

/// Never print to stderr.
static inline void newsapp_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static inline void newsapp_jpeg_progress_monitor(j_common_ptr cinfo) {
    if (cinfo->is_decompressor
        && ((j_decompress_ptr)cinfo)->input_scan_number > NEWSAPP_JPEG_MAX_SCANS) {
        newsapp_jpeg_fail(cinfo, NEWSAPP_JPEG_CORRUPT, "too many progressive scans");
    }
}

static inline void newsapp_jpeg_prepare(struct newsapp_jpeg_failure *failure, char *message) {
    jpeg_std_error(&failure->manager);
    failure->manager.error_exit = newsapp_jpeg_error_exit;
    failure->manager.emit_message = newsapp_jpeg_emit_message;
    failure->manager.output_message = newsapp_jpeg_output_message;
    failure->status = NEWSAPP_JPEG_OK;
    failure->message = message;
    message[0] = '\0';
}

/// The scale, in eighths (1–8), at which a `width` × `height` picture still covers what it
/// becomes when fitted into `box_width` × `box_height` (never enlarged): the smallest M for which
/// M/8 of the picture is at least that fitted size. 8 (full size) without a box.
static inline unsigned newsapp_jpeg_scale_eighths(unsigned width, unsigned height,
                                                  unsigned box_width, unsigned box_height) {
    if (box_width == 0 || box_height == 0 || width == 0 || height == 0) return 8;
    // M/8 >= min(box_width / width, box_height / height), in integers: the smallest M with
    // M * width >= 8 * box_width or M * height >= 8 * box_height.
    for (unsigned eighths = 1; eighths < 8; eighths++) {
        if ((unsigned long long)eighths * width >= 8ULL * box_width
            || (unsigned long long)eighths * height >= 8ULL * box_height) {
            return eighths;
        }
    }
    return 8;
}

/// Decodes the JPEG in `data` into 8-bit RGB, three bytes a pixel, rows top to bottom.
///
/// Reads the header first and reports the picture's own size in `image_width` and `image_height`.
/// An image of more than `max_pixels` pixels is refused with NEWSAPP_JPEG_TOO_MANY_PIXELS before
/// anything is decoded. With a box (`box_width` and `box_height` not 0), libjpeg's DCT scaling
/// decodes it at the smallest M/8 that still covers the picture fitted into the box (see
/// newsapp_jpeg_scale_eighths), so a large photo for a small box never takes its full size in
/// memory; without one, at full size. The decoded size is reported in `width` and `height`.
/// When `rgb` is NULL or `capacity` is under width × height × 3, returns NEWSAPP_JPEG_NEEDS_BUFFER
/// after the header, so a caller can ask for the size, allocate, and call again. Greyscale becomes
/// RGB; CMYK and YCCK (Adobe's inverted convention when the Adobe marker is present) are converted.
/// `message` (NEWSAPP_JPEG_MESSAGE_SIZE bytes) receives libjpeg's reason on failure.
static inline int newsapp_jpeg_decode(const unsigned char *data, size_t size,
                                      unsigned long long max_pixels, unsigned box_width,
                                      unsigned box_height, unsigned char *rgb, size_t capacity,
                                      unsigned *image_width, unsigned *image_height,
                                      unsigned *width, unsigned *height, char *message) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    struct newsapp_jpeg_failure failure;
    *image_width = 0;
    *image_height = 0;
    *width = 0;
    *height = 0;
    newsapp_jpeg_prepare(&failure, message);
    if (size == 0 || size > ULONG_MAX) {
        snprintf(message, NEWSAPP_JPEG_MESSAGE_SIZE, "%s", size == 0 ? "no data" : "too long");
        return NEWSAPP_JPEG_CORRUPT;
    }
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = &failure.manager;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return failure.status;
    }
    jpeg_create_decompress(&cinfo);
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = newsapp_jpeg_progress_monitor;
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    *image_width = cinfo.image_width;
    *image_height = cinfo.image_height;
    unsigned long long image_pixels = (unsigned long long)cinfo.image_width * cinfo.image_height;
    if (image_pixels > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return NEWSAPP_JPEG_TOO_MANY_PIXELS;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    cinfo.scale_num = newsapp_jpeg_scale_eighths(cinfo.image_width, cinfo.image_height, box_width,
                                                 box_height);
    cinfo.scale_denom = 8;
    jpeg_calc_output_dimensions(&cinfo);
    JDIMENSION output_width = cinfo.output_width;
    JDIMENSION output_height = cinfo.output_height;
    *width = output_width;
    *height = output_height;
    unsigned long long pixels = (unsigned long long)output_width * output_height;
    if (rgb == NULL || capacity / 3 < pixels) {
        jpeg_destroy_decompress(&cinfo);
        return NEWSAPP_JPEG_NEEDS_BUFFER;
    }

    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != output_width || cinfo.output_height != output_height
        || cinfo.output_components != (cmyk ? 4 : 3)) {
        newsapp_jpeg_fail((j_common_ptr)&cinfo, NEWSAPP_JPEG_CORRUPT, "unexpected output layout");
    }
    size_t stride = (size_t)cinfo.output_width * 3;
    JSAMPARRAY cmyk_row = NULL;
    if (cmyk) {
        cmyk_row = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE,
                                              cinfo.output_width * 4, 1);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        unsigned char *out = rgb + (size_t)cinfo.output_scanline * stride;
        if (!cmyk) {
            JSAMPROW row = out;
            if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) {
                newsapp_jpeg_fail((j_common_ptr)&cinfo, NEWSAPP_JPEG_CORRUPT, "no scanline");
            }
            continue;
        }
        if (jpeg_read_scanlines(&cinfo, cmyk_row, 1) != 1) {
            newsapp_jpeg_fail((j_common_ptr)&cinfo, NEWSAPP_JPEG_CORRUPT, "no scanline");
        }
        const unsigned char *in = cmyk_row[0];
        for (JDIMENSION x = 0; x < cinfo.output_width; x++, in += 4, out += 3) {
            // Adobe's files store CMYK inverted (0 = full ink); others store it plainly.
            unsigned c = in[0], m = in[1], y = in[2], k = in[3];
            if (!cinfo.saw_Adobe_marker) {
                c = 255 - c;
                m = 255 - m;
                y = 255 - y;
                k = 255 - k;
            }
            out[0] = (unsigned char)((c * k + 127) / 255);
            out[1] = (unsigned char)((m * k + 127) / 255);
            out[2] = (unsigned char)((y * k + 127) / 255);
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return NEWSAPP_JPEG_OK;
}

// MARK: - Encoding, for tests

/// A destination manager that grows one malloc'd buffer, so an error path can free it.
struct newsapp_jpeg_destination {
    struct jpeg_destination_mgr manager;
    unsigned char *buffer;
    size_t capacity;
};

static inline void newsapp_jpeg_init_destination(j_compress_ptr cinfo) {
    struct newsapp_jpeg_destination *destination = (struct newsapp_jpeg_destination *)cinfo->dest;
    destination->capacity = 65536;
    destination->buffer = malloc(destination->capacity);
    if (destination->buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    destination->manager.next_output_byte = destination->buffer;
    destination->manager.free_in_buffer = destination->capacity;
}

static inline boolean newsapp_jpeg_empty_output_buffer(j_compress_ptr cinfo) {
    struct newsapp_jpeg_destination *destination = (struct newsapp_jpeg_destination *)cinfo->dest;
    size_t used = destination->capacity;
    unsigned char *grown = realloc(destination->buffer, destination->capacity * 2);
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    destination->buffer = grown;
    destination->capacity *= 2;
    destination->manager.next_output_byte = grown + used;
    destination->manager.free_in_buffer = destination->capacity - used;
    return TRUE;
}

static inline void newsapp_jpeg_term_destination(j_compress_ptr cinfo) { (void)cinfo; }

/// Compresses `width` × `height` samples into a JPEG for tests: `components` 1 (grey), 3 (RGB)
/// or 4 (CMYK, written with an Adobe marker, so stored inverted as Adobe's files are). On success
/// `*jpeg` is a malloc'd buffer of `*jpeg_size` bytes that the caller frees with free().
static inline int newsapp_jpeg_encode(const unsigned char *samples, unsigned width, unsigned height,
                                      int components, int quality, int progressive,
                                      unsigned char **jpeg, size_t *jpeg_size, char *message) {
    struct jpeg_compress_struct cinfo;
    struct newsapp_jpeg_failure failure;
    struct newsapp_jpeg_destination destination;
    *jpeg = NULL;
    *jpeg_size = 0;
    newsapp_jpeg_prepare(&failure, message);
    memset(&destination, 0, sizeof destination);
    destination.manager.init_destination = newsapp_jpeg_init_destination;
    destination.manager.empty_output_buffer = newsapp_jpeg_empty_output_buffer;
    destination.manager.term_destination = newsapp_jpeg_term_destination;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = &failure.manager;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(destination.buffer);
        return failure.status;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &destination.manager;
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 4 ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(samples + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    *jpeg = destination.buffer;
    *jpeg_size = destination.capacity - destination.manager.free_in_buffer;
    jpeg_destroy_compress(&cinfo);
    return NEWSAPP_JPEG_OK;
}

#endif
