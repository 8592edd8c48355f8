import Fluent
import Foundation
import ScanbookCore
import ScanbookXML
import Vapor

/// `POST /api/xml/v1/{OCRPayment,OrangePayment,SignPayment}` with bearer tokens, and the XSDs at
/// `GET /api/xml/v1/schemas/{file}`. A request that does not match its schema gets the service's
/// response with the error state and every schema violation as an exception (HTTP 400).
enum PaymentXMLController {
    static func route(_ components: PathComponent...) -> [PathComponent] { ["api", "xml", "v1"] + components }

    @Sendable static func schema(_ request: Request) async throws -> Response {
        guard let name = request.parameters.get("file"), PaymentXMLService.schemaFiles.contains(name) else { throw Abort(.notFound) }
        let text = try String(contentsOf: PaymentXMLService.directory.appendingPathComponent(name), encoding: .utf8)
        let response = Response(status: .ok, body: .init(string: text))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "xml", parameters: ["charset": "utf-8"])
        return response
    }

    @Sendable static func ocrPayment(_ request: Request) async throws -> Response {
        try await handle(.ocrPayment, request) { root, language in
            let reading = try await PaymentCodelines.read(root.value("Codeline"), on: request.context)
            var body = Body(.ocrPayment)
            body.element("State", "\(reading.state.rawValue)")
            if let slip = reading.slip {
                body.element("BeneficiaryAccount", slip.account ?? "")
                if let amount = slip.amount { body.element("Amount", amount) }
                body.element("CurrencyCode", slip.currency ?? "CHF")
                if let reference = slip.reference { body.element("ReferenceNumber", reference) }
            }
            if let entry = reading.whitelistEntry {
                body.address("BeneficiaryAddress", entry.address)
                if let clearing = entry.clearingNumber { body.element("ClearingNumber", clearing) }
                let bank = [entry.bankName, entry.bankAddress].compactMap { $0 }.joined(separator: ", ")
                if !bank.isEmpty { body.element("BankAddress", String(bank.prefix(200))) }
            }
            body.exceptions(reading.problems.map { ($0.kind.rawValue, "Codeline", problemText($0, language)) }
                            + (reading.state == .notParsable ? [("unreadable", nil, language.text("xml_codelineUnreadable"))] : []))
            return (body, .ok)
        }
    }

    @Sendable static func orangePayment(_ request: Request) async throws -> Response {
        try await handle(.orangePayment, request) { root, language in
            let ownerID = try request.auth.require(User.self).requireID()
            let typedDebit = root.value("DebitAccount") ?? ""
            let debitIBAN = IBAN(typedDebit.filter { !$0.isWhitespace }.uppercased())?.electronic ?? ""
            guard let account = try await PaymentAccount.query(on: request.db).filter(\.$owner.$id == ownerID).filter(\.$iban == debitIBAN).first() else {
                return (refusal(field: "DebitAccount", message: language.text("xml_debitAccountUnknown"), corrected: nil, exceptions: []), .unprocessableEntity)
            }
            let address = root.child("BeneficiaryAddress")
            let form = PaymentForm(
                kind: PaymentDraft.Kind.esr.rawValue, debitAccount: try account.requireID(), beneficiaryName: address?.value("Name"),
                beneficiaryStreet: address?.value("Street"), beneficiaryBuildingNumber: address?.value("BuildingNumber"),
                beneficiaryPostalCode: address?.value("PostalCode"), beneficiaryTown: address?.value("Town"), beneficiaryCountry: address?.value("Country"),
                beneficiaryAccount: root.value("BeneficiaryAccount"), amount: root.value("Amount"), currency: root.value("CurrencyCode"),
                referenceType: nil, reference: root.value("ReferenceNumber"), message: nil, executionDate: root.value("ExecutionDate"), from: nil
            )
            // Checked here first for the structured problems (field and corrected value); the service checks again when it stores.
            if case .failure(let found) = try form.draft(debitIBAN: account.iban, today: request.today).check(today: request.today), let first = found.problems.first {
                let exceptions = found.problems.map { problem in
                    (problem.kind.rawValue, Optional(fieldName(problem.field)), problemText(problem, language))
                }
                return (refusal(field: fieldName(first.field), message: problemText(first, language), corrected: first.correctedValue, exceptions: exceptions), .unprocessableEntity)
            }
            let payment = try await PaymentService.create(form, on: request.context)
            var body = Body(.orangePayment)
            body.element("State", payment.signatureRequired ? "3" : "1")
            body.element("PaymentId", try payment.requireID().uuidString)
            body.element("Message", language.text(payment.signatureRequired ? "xml_signatureNeeded" : "xml_accepted"))
            return (body, .created)
        }
    }

    @Sendable static func signPayment(_ request: Request) async throws -> Response {
        try await handle(.signPayment, request) { root, language in
            var body = Body(.signPayment)
            let id = root.value("PaymentId").flatMap(UUID.init(uuidString:))
            guard let payment = try await Payment.query(on: request.db).filter(\.$id == (id ?? UUID()))
                .filter(\.$owner.$id == request.auth.require(User.self).requireID()).with(\.$debitAccount).first() else {
                body.element("State", "2")
                body.element("Message", language.text("xml_paymentUnknown"))
                return (body, .notFound)
            }
            do {
                try await PaymentSigning.sign(payment, code: root.value("Signature"), on: request.context)
            } catch let error as UserFacingError {
                let messages = error.problems.map { language.text($0.key, $0.arguments) }
                body.element("State", "2")
                body.element("Message", messages.joined(separator: " "))
                body.exceptions(error.problems.map { problem in (String(problem.key.dropFirst("payments_".count)), nil, language.text(problem.key, problem.arguments)) })
                return (body, error.status)
            }
            body.element("State", "1")
            body.element("Message", language.text("xml_signed"))
            return (body, .ok)
        }
    }

    /// Reads and validates the request, runs the service, writes its response.
    private static func handle(
        _ service: PaymentXMLService, _ request: Request,
        _ body: (XMLNode, ServiceLanguage) async throws -> (Body, HTTPStatus)
    ) async throws -> Response {
        let bytes = request.body.data.map { Array($0.readableBytesView) } ?? []
        let root: XMLNode
        do {
            guard let schema = request.application.paymentXML.schemas[service] else { throw Abort(.internalServerError) }
            root = try await request.application.parseXML(bytes) { try schema.parse($0) }
        } catch let error as XMLSchemaError {
            let language = ServiceLanguage(Self.declaredLanguage(in: bytes), request.application.paymentXML)
            return failure(service, message: language.text("xml_invalidRequest"), exceptions: error.messages.map { ("schema", nil, $0) }).response(.badRequest)
        }
        guard root.name == service.requestElement else { throw Abort(.badRequest) }
        let language = ServiceLanguage(root.value("Language"), request.application.paymentXML)
        do {
            let (response, status) = try await body(root, language)
            return response.response(status)
        } catch let error as UserFacingError {
            // A refusal from further in (an account, a limit) still answers in the service's XML.
            let messages = error.problems.map { language.text($0.key, $0.arguments) }
            return failure(service, message: messages.joined(separator: " "), exceptions: zip(error.problems, messages).map { (String($0.key.prefix(70)), nil, $1) })
                .response(error.status)
        }
    }

    /// The error state with its message (OCRPayment's response has no Message element) and exceptions.
    private static func failure(_ service: PaymentXMLService, message: String, exceptions: [(code: String, field: String?, message: String)]) -> Body {
        var response = Body(service)
        response.element("State", "2")
        if service != .ocrPayment { response.element("Message", message) }
        response.exceptions(exceptions)
        return response
    }

    /// The Language element of a request that failed validation, if it can be found at all.
    private static func declaredLanguage(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        guard let start = text.range(of: "<Language>"), let end = text.range(of: "</Language>", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    private static func refusal(field: String, message: String, corrected: String?, exceptions: [(String, String?, String)]) -> Body {
        var body = Body(.orangePayment)
        body.element("State", "2")
        body.element("WrongField", field)
        body.element("Message", message)
        if let corrected { body.element("CorrectedValue", corrected) }
        body.exceptions(exceptions)
        return body
    }

    private static func problemText(_ problem: PaymentProblem, _ language: ServiceLanguage) -> String {
        problem.localized.map { $0.text(in: language) }.joined(separator: " ")
    }

    /// The request element a problem belongs to.
    static func fieldName(_ field: PaymentProblem.Field) -> String {
        switch field {
        case .account, .participant: "BeneficiaryAccount"
        case .amount: "Amount"
        case .currency: "CurrencyCode"
        case .reference, .referenceType: "ReferenceNumber"
        case .debitAccount: "DebitAccount"
        case .executionDate: "ExecutionDate"
        case .codeline, .slipType: "Codeline"
        default: "BeneficiaryAddress"
        }
    }

    /// A response document being written.
    struct Body {
        private var writer = XMLWriter()
        private let service: PaymentXMLService
        private var open = true

        init(_ service: PaymentXMLService) {
            self.service = service
            writer.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            writer.open(service.responseElement, attributes: [("xmlns", PaymentXMLService.namespace)])
        }

        mutating func element(_ name: String, _ value: String) { writer.element(name, value) }

        mutating func address(_ name: String, _ address: QRBill.Address) {
            writer.open(name)
            writer.element("Name", String(address.name.prefix(70)))
            for (field, value) in [("Street", address.street), ("BuildingNumber", address.buildingNumber), ("PostalCode", address.postalCode), ("Town", address.town), ("Country", address.country)] {
                writer.element(field, String(value.prefix(70)), omitEmpty: true)
            }
            writer.close(name)
        }

        mutating func exceptions(_ items: [(code: String, field: String?, message: String)]) {
            guard !items.isEmpty else { return }
            writer.open("Exceptions")
            for item in items {
                writer.open("Exception")
                writer.element("Code", String(item.code.prefix(70)))
                if let field = item.field { writer.element("Field", field) }
                writer.element("Message", item.message)
                writer.close("Exception")
            }
            writer.close("Exceptions")
        }

        func response(_ status: HTTPStatus) -> Response {
            var writer = self.writer
            writer.close(service.responseElement)
            let response = Response(status: status, body: .init(string: writer.text))
            response.headers.contentType = HTTPMediaType(type: "application", subType: "xml", parameters: ["charset": "utf-8"])
            return response
        }
    }
}
