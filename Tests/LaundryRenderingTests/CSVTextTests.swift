import LaundryRendering
import XCTest

/// RFC 4180 and spreadsheet safety.
final class CSVTextTests: XCTestCase {
    func test_cellsAreQuotedOnlyWhenTheyMustBe() {
        XCTAssertEqual(
            CSVText.line(["plain", "a,b", "say \"hi\"", "two\nlines", ""]),
            "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n")
    }

    func test_aCellThatASpreadsheetWouldRunAsAFormulaIsNeutralised() {
        XCTAssertEqual(
            CSVText.line(["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "a=b"]),
            "\"'=HYPERLINK(\"\"x\"\")\",'+1,'-2,'@SUM(A1),'\tx,\"'\rx\",a=b\r\n")
    }
}
