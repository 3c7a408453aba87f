import Foundation
import Testing

@testable import Feeds

/// The text of `html` converted without a base URL.
func plainText(_ html: String) -> String {
    HTMLText(html: html, baseURL: nil).text
}

@Suite("HTML to text: layout")
struct HTMLTextTests {
    // MARK: Paragraphs and lines

    @Test func paragraphsAreSeparatedByOneBlankLine() {
        #expect(plainText("<p>One</p><p>Two</p>") == "One\n\nTwo")
        #expect(plainText("<div><p>One</p></div><div></div><p></p><p> </p><p>Two</p>") == "One\n\nTwo")
    }

    @Test func everyBlockElementIsAParagraph() {
        let blocks = [
            "p", "div", "section", "article", "header", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
            "figure",
            "figcaption", "dl", "dt", "dd", "address", "main", "nav", "aside",
        ]
        for block in blocks {
            #expect(
                plainText("Before<\(block)>Inside</\(block)>After") == "Before\n\nInside\n\nAfter", "\(block)"
            )
        }
    }

    @Test func headingsAreParagraphsWithTheirTextAsIs() {
        #expect(
            plainText("<h1>The  Title</h1>Text <b>bold</b> and <i>italic</i>")
                == "The Title\n\nText bold and italic")
    }

    @Test func thereAreNoBlankLinesAtTheStartOrEnd() {
        #expect(plainText("<br><p></p><div><br><p>Text</p><br></div><br><p></p>") == "Text")
    }

    @Test func aLineBreakEndsTheLineAndTwoLeaveABlankLine() {
        #expect(plainText("One<br>Two<br/><br>Three<br><br><br><br>Four") == "One\nTwo\n\nThree\n\nFour")
        #expect(plainText("<p>One<br></p><p>Two</p>") == "One\n\nTwo")
    }

    @Test func whitespaceCollapsesToSingleSpaces() {
        #expect(plainText("<p>  a \n\t b   c  </p>") == "a b c")
        #expect(plainText("<b>a</b> <i>b</i>") == "a b")
        #expect(plainText("<b>a</b><i>b</i>") == "ab")
        #expect(plainText("<p>line\r\nbreaks\rare spaces</p>") == "line breaks are spaces")
    }

    @Test func aNoBreakSpaceStaysButIsTrimmedAtLineEnds() {
        #expect(
            plainText("<p>&nbsp;&nbsp;a&nbsp;&nbsp;b&nbsp;</p><p>&nbsp;</p><p>c</p>") == "a\u{A0}\u{A0}b\n\nc"
        )
        #expect(plainText("<p>a&nbsp;<br>&nbsp;b</p>") == "a\nb")
    }

    @Test func aRuleIsACalmParagraphOfDashes() {
        #expect(plainText("<p>a</p><hr><p>b</p>") == "a\n\n———\n\nb")
    }

    // MARK: Lists

    @Test func unorderedListItemsAreBulletsOnConsecutiveLines() {
        #expect(
            plainText("<p>Before</p><ul><li>a</li><li>b</li></ul><p>After</p>")
                == "Before\n\n• a\n• b\n\nAfter")
        #expect(plainText("<ul><li><p>One</p></li><li><p>Two</p></li></ul>") == "• One\n• Two")
    }

    @Test func orderedListsNumberTheirItemsFromTheirStart() {
        #expect(plainText("<ol><li>a<li>b</ol>") == "1. a\n2. b")
        #expect(plainText("<ol start=\"9\"><li>i<li>j</ol>") == "9. i\n10. j")
        #expect(plainText("<ol start=\"-1\"><li>x<li>y</ol>") == "-1. x\n0. y")
        #expect(plainText("<ol start=\"many\"><li>x</ol>") == "1. x")
    }

    @Test func nestedListsIndentTwoSpacesALevel() {
        let html = "<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li><li>d</li></ul>"
        #expect(plainText(html) == "• a\n  • b\n    • c\n• d")
        #expect(
            plainText("<ol><li>One<ul><li>sub</li></ul></li><li>Two</li></ol>") == "1. One\n  • sub\n2. Two")
    }

    @Test func onlyListItemsAreIndented() {
        #expect(plainText("<ul><ul>loose text<li>item</ul></ul>") == "loose text\n  • item")
    }

    @Test func anItemsLaterLinesSitUnderItsText() {
        #expect(plainText("<ul><li>line one<br>line two</li></ul>") == "• line one\n  line two")
        #expect(plainText("<ol><li>One<ul><li>sub</li></ul>more</li></ol>") == "1. One\n  • sub\n   more")
    }

    // MARK: Quotes

    @Test func everyLineOfAQuoteStartsWithAMarker() {
        #expect(plainText("<blockquote>a<br>b</blockquote>") == "> a\n> b")
        let html = "<p>Before</p><blockquote><p>Quoted</p><p>Second</p></blockquote><p>After</p>"
        #expect(plainText(html) == "Before\n\n> Quoted\n>\n> Second\n\nAfter")
    }

    @Test func nestedQuotesNestTheirMarkers() {
        let html = "<blockquote>Outer<blockquote>Inner</blockquote>Back</blockquote>"
        #expect(plainText(html) == "> Outer\n>\n> > Inner\n>\n> Back")
    }

    @Test func listsAndQuotesCombine() {
        #expect(plainText("<blockquote><ul><li>a<li>b</ul></blockquote>") == "> • a\n> • b")
        #expect(plainText("<ul><li>item<blockquote>q</blockquote></li></ul>") == "• item\n  > q")
    }

    // MARK: Tables

    @Test func aTableRowIsOneLineOfCells() {
        let html = "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table>"
        #expect(plainText(html) == "Name | Age\nAnn | 31")
        #expect(plainText("<p>x</p><table><tr><td>a</td></tr></table><p>y</p>") == "x\n\na\n\ny")
    }

    @Test func aCellKeepsItsContentOnTheRowsLine() {
        let html = "<table><tr><td><p>a</p><p>b</p></td><td></td><td><ul><li>c<li>d</ul></td></tr></table>"
        #expect(plainText(html) == "a b | c d")
        #expect(plainText("<table><td>a<td>b</table>") == "a | b")
    }

    // MARK: Preformatted text

    @Test func preformattedTextKeepsItsLinesAndSpaces() {
        let html = "<pre>\n  let x = 1\n\tif x {\n\n      y()  \n  }\n</pre>"
        #expect(plainText(html) == "  let x = 1\n\tif x {\n\n      y()\n  }")
    }

    @Test func preformattedTextIsAParagraphWithoutBlankLinesAtItsEnds() {
        #expect(plainText("<p>a</p><pre>\n\n\ncode\n\n\n</pre><p>b</p>") == "a\n\ncode\n\nb")
        #expect(plainText("<pre>a\r\nb\rc</pre>") == "a\nb\nc")
    }

    @Test func noBreakSpacesAloneOnAPreformattedLineLeaveItBlank() {
        #expect(plainText("<pre>&nbsp;\ncode\n&nbsp;&nbsp;\n\tmore&nbsp;\n&nbsp;</pre>") == "code\n\n\tmore")
    }

    @Test func preformattedTextKeepsItsInlineMarkupsText() {
        #expect(
            plainText("<pre><b>if</b> a &lt; b {\n    <a href=\"#x\">go</a>()\n}</pre>")
                == "if a < b {\n    go()\n}")
    }

    @Test func preformattedTextInAQuoteIsQuotedLineByLine() {
        #expect(plainText("<blockquote><pre>a\n\n  b</pre></blockquote>") == "> a\n>\n>   b")
    }

    // MARK: Images

    @Test func anImageIsItsAltText() {
        #expect(
            plainText("<p>Look <img src=x alt=\" A \n cat \"> here <img src=y alt=\"\"> <img src=z></p>")
                == "Look [image: A cat] here")
    }

    // MARK: Broken markup

    @Test func brokenMarkupIsReadAsBrowsersWouldRoughly() {
        #expect(plainText("<p>One<p>Two</p></p></div>Three") == "One\n\nTwo\n\nThree")
        #expect(plainText("</p>Start</div>") == "Start")
        #expect(plainText("<ul><li>a<li><p>b<p>c</ul>") == "• a\n• b\n  c")
        #expect(plainText("<b>bold <i>both</b> italic</i> after") == "bold both italic after")
        #expect(plainText("<p>a<b>b<i>c") == "abc")
        #expect(plainText("<div><p>x</div>y") == "x\n\ny")
        #expect(plainText("<p>One<li>Item</p>") == "One\n\n• Item")
    }

    @Test func aWholeDocumentGivesItsBodysText() {
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Page title</title>
            <style>body { color: red }</style><script>var x = "<p>";</script></head>
            <body><h1>Heading</h1><p>Body text.</p></body></html>
            """
        #expect(plainText(html) == "Heading\n\nBody text.")
    }

    @Test func textWithoutMarkupKeepsItsLines() {
        #expect(plainText("  Hello\r\nworld  \n\n\n\nBye  ") == "Hello\nworld\n\nBye")
        #expect(plainText("") == "")
    }
}
