import Foundation
import NoteLedgerCLI

exit(await NoteLedgerTool.main(Array(CommandLine.arguments.dropFirst())))
