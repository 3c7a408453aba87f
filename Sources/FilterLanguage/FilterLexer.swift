/// Splits a filter expression into tokens. Blanks (spaces, tabs, line breaks) separate tokens and
/// are otherwise ignored; a token needs no blank before the next one (`x = 42and y = 0`).
///
/// Text is written in double quotes; inside, `\"` is a quote and `\\` a backslash, and any other
/// backslash stays as it is, so regular expressions keep theirs (`"\.org$"`).
struct FilterLexer {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    mutating func next() -> FilterToken {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        let column = index + 1
        guard index < characters.count else { return FilterToken(kind: .end, column: column) }
        let character = characters[index]
        func token(_ kind: FilterToken.Kind, length: Int) -> FilterToken {
            index += length
            return FilterToken(kind: kind, column: column)
        }
        switch character {
        case "(": return token(.open, length: 1)
        case ")": return token(.close, length: 1)
        case "\"": return text(column: column)
        case "=":
            if peek(1) == "~" { return token(.op(.matches), length: 2) }
            if peek(1) == "=" { return token(.op(.equal), length: 2) }
            return token(.op(.equal), length: 1)
        case "!":
            if peek(1) == "=" { return token(.op(.notEqual), length: 2) }
            if peek(1) == "~" { return token(.op(.doesNotMatch), length: 2) }
            if peek(1) == "#" { return token(.op(.doesNotContain), length: 2) }
            return token(.stray(character), length: 1)
        case "<":
            return peek(1) == "=" ? token(.op(.lessOrEqual), length: 2) : token(.op(.less), length: 1)
        case ">":
            return peek(1) == "=" ? token(.op(.greaterOrEqual), length: 2) : token(.op(.greater), length: 1)
        case "#": return token(.op(.contains), length: 1)
        default:
            if Self.isDigit(character) || (character == "-" && peek(1).map(Self.isDigit) == true) {
                return number(column: column)
            }
            if Self.isWordCharacter(character) {
                var word = ""
                while index < characters.count,
                    Self.isWordCharacter(characters[index]) || Self.isDigit(characters[index])
                {
                    word.append(characters[index])
                    index += 1
                }
                return FilterToken(kind: .word(word), column: column)
            }
            return token(.stray(character), length: 1)
        }
    }

    private func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func text(column: Int) -> FilterToken {
        index += 1
        var text = ""
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "\"" { return FilterToken(kind: .text(text), column: column) }
            if character == "\\", index < characters.count,
                characters[index] == "\"" || characters[index] == "\\"
            {
                text.append(characters[index])
                index += 1
            } else {
                text.append(character)
            }
        }
        return FilterToken(kind: .unclosedText, column: column)
    }

    private mutating func number(column: Int) -> FilterToken {
        let low = digits()
        guard index + 1 < characters.count, characters[index] == ":",
            Self.isDigit(characters[index + 1])
                || (characters[index + 1] == "-" && peek(2).map(Self.isDigit) == true)
        else { return FilterToken(kind: .number(low), column: column) }
        index += 1
        let high = digits()
        return FilterToken(
            kind: .range(low + ":" + high, FilterNumber.parse(low), FilterNumber.parse(high)), column: column)
    }

    private mutating func digits() -> String {
        var text = ""
        if characters[index] == "-" {
            text.append("-")
            index += 1
        }
        while index < characters.count, Self.isDigit(characters[index]) {
            text.append(characters[index])
            index += 1
        }
        return text
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_")
    }
}
