#ifndef NEWSAPP_CPNG_SHIM_H
#define NEWSAPP_CPNG_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

// libpng reports errors with longjmp, which Swift frames cannot survive. These functions use only
// libpng's "simplified" API (png_image_*), which catches its own errors with setjmp and returns
// 0 with a message in `png_image.message`, never exiting and never jumping past its caller.

/// Decoded (or encoded) successfully.
#define NEWSAPP_PNG_OK 0
/// Not a decodable PNG: damaged, truncated, a bad checksum.
#define NEWSAPP_PNG_CORRUPT 1
/// Width × height is over the pixel budget. Only the header was read; no pixel memory was used.
#define NEWSAPP_PNG_TOO_MANY_PIXELS 2
/// The header was read and the size reported, but no buffer (or too small a one) was given.
#define NEWSAPP_PNG_NEEDS_BUFFER 3

/// The size of a message buffer, including the terminating NUL (as png_image.message).
#define NEWSAPP_PNG_MESSAGE_SIZE 64

/// Decodes the PNG in `data` into 8-bit sRGB, three bytes a pixel, rows top to bottom.
///
/// Reads the header first and reports the size in `width` and `height`. An image of more than
/// `max_pixels` pixels is refused with NEWSAPP_PNG_TOO_MANY_PIXELS before anything is decoded.
/// When `rgb` is NULL or `capacity` is under width × height × 3, returns NEWSAPP_PNG_NEEDS_BUFFER
/// after the header, so a caller can ask for the size, allocate, and call again. Every PNG colour
/// type and depth is converted; transparency is composited over the background colour given.
/// `message` (NEWSAPP_PNG_MESSAGE_SIZE bytes) receives libpng's reason on failure.
static inline int newsapp_png_decode(const void *data, size_t size, unsigned long long max_pixels,
                                     unsigned char *rgb, size_t capacity, unsigned char red,
                                     unsigned char green, unsigned char blue, unsigned *width,
                                     unsigned *height, char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *width = 0;
    *height = 0;
    message[0] = '\0';
    // A failed begin or finish frees the image's memory itself.
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, NEWSAPP_PNG_MESSAGE_SIZE, "%s", image.message);
        return NEWSAPP_PNG_CORRUPT;
    }
    *width = image.width;
    *height = image.height;
    unsigned long long pixels = (unsigned long long)image.width * image.height;
    if (pixels > max_pixels) {
        png_image_free(&image);
        return NEWSAPP_PNG_TOO_MANY_PIXELS;
    }
    // The row stride is a png_int_32.
    if (rgb == NULL || capacity / 3 < pixels || image.width > 0x7fffffff / 3) {
        png_image_free(&image);
        return NEWSAPP_PNG_NEEDS_BUFFER;
    }
    image.format = PNG_FORMAT_RGB;
    png_color background = {red, green, blue};
    if (!png_image_finish_read(&image, &background, rgb, (png_int_32)(image.width * 3), NULL)) {
        snprintf(message, NEWSAPP_PNG_MESSAGE_SIZE, "%s", image.message);
        return NEWSAPP_PNG_CORRUPT;
    }
    return NEWSAPP_PNG_OK;
}

/// Writes `width` × `height` 8-bit samples as a PNG, for tests: `channels` 1 (grey), 2 (grey and
/// alpha), 3 (RGB) or 4 (RGBA). On success `*png` is a malloc'd buffer of `*png_size` bytes that
/// the caller frees with free().
static inline int newsapp_png_encode(const unsigned char *samples, unsigned width, unsigned height,
                                     int channels, unsigned char **png, size_t *png_size,
                                     char *message) {
    static const png_uint_32 formats[] = {PNG_FORMAT_GRAY, PNG_FORMAT_GA, PNG_FORMAT_RGB,
                                          PNG_FORMAT_RGBA};
    png_image image;
    *png = NULL;
    *png_size = 0;
    message[0] = '\0';
    if (channels < 1 || channels > 4) {
        snprintf(message, NEWSAPP_PNG_MESSAGE_SIZE, "%s", "channels must be 1 to 4");
        return NEWSAPP_PNG_CORRUPT;
    }
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = formats[channels - 1];
    png_alloc_size_t size = 0;
    png_int_32 stride = (png_int_32)(width * (unsigned)channels);
    if (!png_image_write_to_memory(&image, NULL, &size, 0, samples, stride, NULL)) {
        snprintf(message, NEWSAPP_PNG_MESSAGE_SIZE, "%s", image.message);
        return NEWSAPP_PNG_CORRUPT;
    }
    unsigned char *buffer = malloc(size);
    if (buffer == NULL) {
        snprintf(message, NEWSAPP_PNG_MESSAGE_SIZE, "%s", "out of memory");
        return NEWSAPP_PNG_CORRUPT;
    }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, samples, stride, NULL)) {
        snprintf(message, NEWSAPP_PNG_MESSAGE_SIZE, "%s", image.message);
        free(buffer);
        return NEWSAPP_PNG_CORRUPT;
    }
    *png = buffer;
    *png_size = size;
    return NEWSAPP_PNG_OK;
}

#endif
