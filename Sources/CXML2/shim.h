// libxml2's streaming interfaces, for the feed parsers and HTML to text: the SAX2 push parser
// (XML) and the HTML push parser. No network access is ever enabled (XML_PARSE_NONET), and no
// entity is expanded by libxml2 itself.
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>, whose UErrorCode clashes with the ICU copy inside Foundation
// (_FoundationICU) in any module that imports both. Nothing here uses ICU converters (they only
// add pointer fields at the end of xmlCharEncodingHandler, which we never allocate or read), so
// the ICU part of libxml2's headers is switched off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
