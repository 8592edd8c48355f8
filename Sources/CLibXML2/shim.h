// libxml2's parser and XML Schema validator (Debian: libxml2-dev).
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
