/// Points → grade by a table the teacher enters: each row is the lowest points of a step and its
/// grade. Points in hundredths and grades in tenths, so no rounding of binary fractions decides
/// a grade (30 points and 4.0 are exactly 3000 and 40).
public struct GradeScale: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        public let minimumPoints: Int
        public let grade: Int

        public init(minimumPoints: Int, grade: Int) {
            self.minimumPoints = minimumPoints
            self.grade = grade
        }
    }

    public static let lowestGrade = 10, highestGrade = 60

    public let steps: [Step]

    /// Steps in ascending points, each grade 1.0–6.0; nil (with the reason) otherwise.
    public static func make(_ steps: [Step]) -> Result<GradeScale, FormProblem> {
        guard !steps.isEmpty else { return .failure(.gradeScaleEmpty) }
        for (index, step) in steps.enumerated() {
            guard (lowestGrade...highestGrade).contains(step.grade) else { return .failure(.gradeOutOfRange(step.grade)) }
            guard step.minimumPoints >= 0 else { return .failure(.gradeScaleNotAscending) }
            if index > 0, step.minimumPoints <= steps[index - 1].minimumPoints { return .failure(.gradeScaleNotAscending) }
        }
        return .success(GradeScale(steps: steps))
    }

    private init(steps: [Step]) {
        self.steps = steps
    }

    /// The grade of the highest step the points reach; below the first step, the first grade.
    public func grade(forPoints hundredths: Int) -> Int {
        steps.last { $0.minimumPoints <= hundredths }?.grade ?? steps[0].grade
    }
}
