// libxml2's streaming interfaces, for the feed parsers and HTML to text: the SAX2 push parser
// (XML) and the HTML push parser. No network access is ever enabled (XML_PARSE_NONET), and no
// entity is expanded by libxml2 itself.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
