'Custom': {
    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'
    'Roads': " ┌─┬─┐ \n"  # 0
             " │ │ │ \n"  # 1
             " ├─┼─┤ \n"  # 2
             " │ │ │ \n"  # 3
             "╶┴─┴─┴╴",   # 4
    'Trucks': [
        Truck(0, Color.Red, Dir.Right, (4, 0)),
        Truck(1, Color.Green, Dir.Left, (4, 6))
    ],
    'Items': {
        Color.Red: [(2, 3)],
        Color.Green: [(2, 5)],
    },
    'Cargos': {
        Color.Red: [(3, 3)],
        Color.Green: [(1, 5)],
    }
},
