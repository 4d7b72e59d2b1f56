import PolicyReports

extension DirectoryReport {
    /// The section of the HTML report: headlines, totals, the charts auditors know from DPAT (cracked share, lengths
    /// of the cracked passwords, reuse groups by size, privileged accounts by finding), each beside its data table,
    /// and the accounts to act on.
    var htmlSection: String {
        var page = HTMLPage()
        page.raw("<section id=\"directory\">\n")
        page.element("h2", "Directory audit")
        page.element("p", "Run \(runID), extract \(summary.extractName).", className: "meta")
        for line in headlines { page.element("p", line, className: "headline") }
        page.table(
            caption: "Totals (each share is of what its last column names)",
            headers: ["Total", "Count", "Share", "Of"], numeric: [1, 2],
            rows: totals.map {
                [$0.label, ReportNumber.grouped($0.count), Percentage($0.count, of: $0.of).description, $0.unit]
            })
        let s = summary
        page.figure(
            {
                SVGChart.horizontalBars(
                    id: $0, title: "Cracked share", description: "Accounts cracked and not cracked, of all accounts",
                    bars: [
                        .init(label: "cracked", count: s.cracked, total: s.accounts),
                        .init(label: "not cracked", count: s.accounts - s.cracked, total: s.accounts),
                    ])
            }, caption: "Cracked share (accounts)", headers: ["", "Accounts"], numeric: [1],
            rows: [
                ["cracked", ReportNumber.grouped(s.cracked)],
                ["not cracked", ReportNumber.grouped(s.accounts - s.cracked)],
            ])
        let lengths = lengthRows
        let lengthTotal = lengths.reduce(0) { $0 + $1.accounts }
        page.figure(
            {
                SVGChart.horizontalBars(
                    id: $0, title: "Lengths of the cracked passwords",
                    description: "Cracked accounts by their password's length in characters",
                    bars: lengths.map {
                        .init(label: "\($0.length) characters", count: $0.accounts, total: lengthTotal)
                    })
            }, caption: "Cracked passwords by length (cracked accounts)", headers: ["Length", "Accounts"],
            numeric: [0, 1], rows: lengths.map { [String($0.length), ReportNumber.grouped($0.accounts)] })
        let reuse = reuseRows
        let groups = reuse.reduce(0) { $0 + $1.groups }
        page.figure(
            {
                SVGChart.horizontalBars(
                    id: $0, title: "Reuse groups by size",
                    description: "Groups of accounts sharing one NT hash, by how many accounts share it",
                    bars: reuse.map { .init(label: "\($0.size) accounts", count: $0.groups, total: groups) })
            }, caption: "Reuse groups by size (groups)", headers: ["Accounts sharing one NT hash", "Groups"],
            numeric: [0, 1], rows: reuse.map { [String($0.size), ReportNumber.grouped($0.groups)] })
        let privileged = counts?.privileged ?? 0
        page.figure(
            {
                SVGChart.horizontalBars(
                    id: $0, title: "Privileged accounts by finding",
                    description: "Members of the privileged groups with each finding, of all privileged accounts",
                    bars: privilegedRows.map { .init(label: $0.finding.label, count: $0.accounts, total: privileged) })
            }, caption: "Privileged accounts by finding (of \(ReportNumber.grouped(privileged)) privileged accounts)",
            headers: ["Finding", "Accounts"], numeric: [1],
            rows: privilegedRows.map { [$0.finding.label, ReportNumber.grouped($0.accounts)] })
        page.table(
            caption: "Counted apart", headers: ["", "Count"], numeric: [1],
            rows: countedApart.map { [$0.label, ReportNumber.grouped($0.count)] })
        let (accounts, more) = listed
        page.table(
            caption: "Accounts to act on (privileged first)", headers: ["Account", "Groups", "Findings"],
            rows: accounts.map {
                [
                    $0.username + ($0.disabled ? " (disabled)" : ""), $0.groups.joined(separator: ", "),
                    Self.findingsText($0),
                ]
            })
        if more > 0 {
            page.element(
                "p", "… \(ReportNumber.grouped(more)) more accounts: --format json or csv lists them all.",
                className: "meta")
        }
        page.raw("</section>\n")
        return page.body
    }
}
